import sharp from 'sharp';

/**
 * Pictures that carry what cameras and editors write beside the pixels, built by hand where
 * sharp writes no such thing (comments).
 */

/** A JPEG with a comment segment (COM) right after its start marker. */
export function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    body,
    jpeg.subarray(2),
  ]);
}

/** A GIF with a comment extension block right after its header and global colour table. */
export function withGifComment(gif: Buffer, text: string): Buffer {
  const flags = gif[10];
  const at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const body = Buffer.from(text, 'latin1');
  return Buffer.concat([
    gif.subarray(0, at),
    Buffer.from([0x21, 0xfe, body.length]),
    body,
    Buffer.from([0]),
    gif.subarray(at),
  ]);
}

/** An animated GIF of 8×8 frames, one per colour. */
export async function animatedGif(colours: string[]): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 100, loop: 0 })
    .toBuffer();
}
