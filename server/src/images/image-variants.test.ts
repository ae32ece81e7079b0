/**
 * Resized copies: every upload also stores a 640 px and a 160 px wide WebP, named
 * `<sha256>-<width>.webp`, answered as imgbb's `medium` and `thumb`, and served for a year; an
 * original wider than 640 px also a 1600 px one for full screen (`large`).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { buildTestApp, TEST_IMAGE_KEY, uploaderAuth, type TestContext } from '../../test/helper';
import { multipartFile } from '../../test/image-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

function png(width: number, height: number, seed = 0) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30 + seed, b: 40 } },
  })
    .png()
    .toBuffer();
}

async function upload(bytes: Buffer) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    payload: multipartFile(bytes).payload,
    headers: { ...multipartFile(bytes).headers, ...uploaderAuth(ctx.app) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

it('answers medium (640 px) and thumb (160 px) WebP copies with predictable URLs', async () => {
  const data = await upload(await png(1600, 1000));
  // The stored original's name is the hash of its (metadata-free) bytes; its copies follow it.
  const hash = data.id as string;
  const original = await ctx.app.inject({ method: 'GET', url: data.display_url as string });
  expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(hash);
  expect(data.display_url).toBe(`/image-host/i/${hash}.png`);
  expect(data.medium).toEqual({
    filename: `${hash}-640.webp`,
    name: `${hash}-640`,
    mime: 'image/webp',
    extension: 'webp',
    url: `/image-host/i/${hash}-640.webp`,
    width: 640,
    height: 400,
    size: expect.any(Number),
  });
  expect(data.thumb).toMatchObject({
    url: `/image-host/i/${hash}-160.webp`,
    width: 160,
    height: 100,
  });

  for (const [url, width, height] of [
    [data.medium.url, 640, 400],
    [data.thumb.url, 160, 100],
  ] as const) {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width,
      height,
    });
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  }
});

it('never enlarges a small picture, and the same upload twice gives the same copies', async () => {
  const bytes = await png(120, 90, 1);
  const first = await upload(bytes);
  expect(first.medium).toMatchObject({ width: 120, height: 90 });
  expect(first.thumb).toMatchObject({ width: 120, height: 90 });
  const second = await upload(bytes);
  expect(second.medium).toEqual(first.medium);
  expect(second.thumb).toEqual(first.thumb);
});

it('makes a missing copy of a stored original on its first request (older uploads)', async () => {
  // An original stored before copies existed: in the store, without its copies.
  const original = await png(800, 800, 2);
  const hash = createHash('sha256').update(original).digest('hex');
  await ctx.images.put(`${hash}.png`, original, { mime: 'image/png', width: 800, height: 800 });
  const thumb = `${hash}-160.webp`;
  expect(await ctx.images.has(thumb)).toBe(false);
  const response = await ctx.app.inject({ method: 'GET', url: `/image-host/i/${thumb}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect((await sharp(response.rawPayload).metadata()).width).toBe(160);
  expect(await ctx.images.has(thumb)).toBe(true);
});

describe('the large copy (full screen, 1600 px)', () => {
  it('is made of a large upload, 1600 px wide, and served like the others', async () => {
    const data = await upload(await png(2400, 1500, 3));
    expect(data.large).toEqual({
      filename: `${data.id}-1600.webp`,
      name: `${data.id}-1600`,
      mime: 'image/webp',
      extension: 'webp',
      url: `/image-host/i/${data.id}-1600.webp`,
      width: 1600,
      height: 1000,
      size: expect.any(Number),
    });
    const response = await ctx.app.inject({ method: 'GET', url: data.large.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1000,
    });
  });

  it.each([
    [641, 400],
    [1000, 625],
    [1600, 1000],
    [1601, 1000],
    [3000, 2000],
  ])('of a %i px wide upload is never wider than the original', async (width, height) => {
    const data = await upload(await png(width, height, 4));
    const copies = [data.thumb, data.medium, data.large] as Array<{ url: string; width: number }>;
    expect(copies.map((copy) => copy.width)).toEqual([160, 640, Math.min(1600, width)]);
    for (const copy of copies) {
      const served = await ctx.app.inject({ method: 'GET', url: copy.url });
      expect((await sharp(served.rawPayload).metadata()).width).toBe(copy.width);
      expect(copy.width).toBeLessThanOrEqual(width);
    }
  });

  it.each([
    [120, 90],
    [640, 400],
  ])(
    'is not made of a %i px wide upload (its card copy is the photo at its own size)',
    async (width, height) => {
      const data = await upload(await png(width, height, 5));
      expect(data).not.toHaveProperty('large');
      expect(data.medium).toMatchObject({ width, height });
      expect(await ctx.images.has(`${data.id}-1600.webp`)).toBe(false);
      // Nor on request: the name answers 404, as for any file the host does not have.
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/image-host/i/${data.id}-1600.webp`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'No such image' });
      expect(await ctx.images.has(`${data.id}-1600.webp`)).toBe(false);
    },
  );

  it('is made on its first request of an original stored before it existed', async () => {
    const original = await png(1800, 1200, 6);
    const hash = createHash('sha256').update(original).digest('hex');
    await ctx.images.put(`${hash}.png`, original, { mime: 'image/png', width: 1800, height: 1200 });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/image-host/i/${hash}-1600.webp`,
    });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      width: 1600,
      height: 1067,
    });
    expect(await ctx.images.has(`${hash}-1600.webp`)).toBe(true);
  });
});

it.each([
  `${'f'.repeat(64)}-640.webp`,
  `${'f'.repeat(64)}-1600.webp`,
  `${'f'.repeat(64)}-300.webp`,
  `${'f'.repeat(64)}-640.png`,
  '../secret-640.webp',
])('answers 404 for %s', async (name) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/image-host/i/${name}` });
  expect(response.statusCode).toBe(404);
});
