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

/**
 * An animated GIF of `frames` frames of `width` × `height` pixels, every pixel colour 0, built by
 * hand (LZW-compressed, the way GIF encoders do it): two 6000 × 6000 frames take about 50 KB,
 * where sharp would need the whole canvas in memory to write them.
 */
export function uniformGif(width: number, height: number, frames: number): Buffer {
  const le16 = (n: number) => [n & 0xff, n >> 8];
  const parts: Buffer[] = [
    Buffer.from('GIF89a', 'latin1'),
    // Screen size; a global colour table of 2 colours (black, white).
    Buffer.from([...le16(width), ...le16(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
    // Loop for ever (NETSCAPE2.0).
    Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]),
  ];
  const data = lzwOfZeros(width * height, 2);
  for (let f = 0; f < frames; f++) {
    // A graphic control extension (a delay of 0.1 s), then the frame at (0, 0).
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]));
    parts.push(Buffer.from([0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0, 2]));
    for (let at = 0; at < data.length; at += 255) {
      const block = data.subarray(at, at + 255);
      parts.push(Buffer.from([block.length]), block);
    }
    parts.push(Buffer.from([0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** GIF's LZW code stream of `count` pixels of colour 0 (codes packed least significant first). */
function lzwOfZeros(count: number, minCodeSize: number): Buffer {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const bytes: number[] = [];
  let bits = 0;
  let bitCount = 0;
  let size = minCodeSize + 1;
  const emit = (code: number) => {
    bits |= code << bitCount;
    bitCount += size;
    while (bitCount >= 8) {
      bytes.push(bits & 0xff);
      bits >>>= 8;
      bitCount -= 8;
    }
  };
  // Every string is a run of zeros: the table maps a run's code to the code of one zero more.
  let table = new Map<number, number>();
  let next = end + 1;
  emit(clear);
  let current = 0;
  for (let i = 1; i < count; i++) {
    const longer = table.get(current);
    if (longer !== undefined) {
      current = longer;
      continue;
    }
    emit(current);
    if (next === 4096) {
      emit(clear);
      table = new Map();
      next = end + 1;
      size = minCodeSize + 1;
    } else {
      if (next >= 1 << size) size++;
      table.set(current, next++);
    }
    current = 0;
  }
  emit(current);
  emit(end);
  if (bitCount > 0) bytes.push(bits & 0xff);
  return Buffer.from(bytes);
}

/** A photo-like picture from `seed`: smooth waves of light and colour. */
export function photoLike(seed: number): sharp.Sharp {
  // Drawn at 160 × 120 (quick), enlarged to 640 × 480 like a phone's photo.
  const width = 160;
  const height = 120;
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const waves = Array.from({ length: 12 }, () => ({
    fx: (next() * 6 * Math.PI) / width,
    fy: (next() * 6 * Math.PI) / height,
    phase: next() * 2 * Math.PI,
    channel: Math.floor(next() * 3),
  }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let v = 0;
        for (const w of waves)
          v += Math.sin(w.fx * x + w.fy * y + w.phase) * (w.channel === c ? 1 : 0.4);
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, 128 + v * 30));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).resize(640, 480);
}

/** A multipart body of one file, as a browser's form sends an upload. */
export function multipartFile(
  content: Buffer,
  { field = 'image', filename = 'car.png', type = 'image/png' } = {},
) {
  const boundary = '----cardealer-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
