import sharp from 'sharp';
import { loadServerConfig, ConfigError } from '../config';
import { signAccessToken } from '../../test/bench-users';
import {
  buildTestApp,
  signUp,
  TEST_ACCESS_TOKEN_SECRET,
  TEST_IMAGE_KEY,
  uniqueEmail,
  uploaderAuth,
  type TestContext,
} from '../../test/helper';
import { TOO_MANY_PHOTOS } from './image-work';
import { multipartFile } from '../../test/image-fixtures';

/**
 * Who may have the image host decode a photo, and how much decoding one process takes on: a
 * signed-in caller only (an access token, or the sign-in provider's ID token during
 * registration), counted per account and per address; a bounded line of image work; a pixel
 * bound read from the header before anything is decoded.
 */

const picture = (width = 48, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

function upload(
  ctx: TestContext,
  content: Buffer,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  const body = multipartFile(content);
  return ctx.app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress,
  });
}

describe('uploads need a signed-in caller', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { uploads: { max: 2, windowSeconds: 60 } } });
  });
  afterAll(() => ctx.close());

  it('answers an anonymous upload 401, imgbb-style, and stores nothing', async () => {
    const before = await ctx.images.list();
    const response = await upload(ctx, await picture(), {}, '10.0.1.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      status: 401,
      status_txt: 'Unauthorized',
      message: 'authorization: a bearer access token or sign-in ID token is required',
    });
    expect(await ctx.images.list()).toEqual(before);
  });

  it('stores the photo of a caller with an access token, and of one with an ID token', async () => {
    const byAccessToken = await upload(ctx, await picture(49), uploaderAuth(ctx.app), '10.0.2.1');
    expect(byAccessToken.statusCode).toBe(200);
    expect(byAccessToken.json()).toMatchObject({ success: true, data: { width: 49 } });
    // Registration uploads before PUT /users: the sign-in provider's token, no record yet.
    const idToken = await signUp(uniqueEmail('registering'));
    const byIdToken = await upload(
      ctx,
      await picture(50),
      { authorization: `Bearer ${idToken}` },
      '10.0.2.2',
    );
    expect(byIdToken.statusCode).toBe(200);
    expect(byIdToken.json()).toMatchObject({ success: true, data: { width: 50 } });
  });

  it('answers a forged, an expired or another secret’s token 401', async () => {
    const email = uniqueEmail('forger');
    const tokens = [
      'not-a-token',
      // An unsigned token claiming an account (the emulator's tokens look like this).
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ email, uid: 'someone', exp: 4_000_000_000 }),
      ).toString('base64url')}.`,
      signAccessToken(TEST_ACCESS_TOKEN_SECRET, email, -60),
      signAccessToken('another-secret-of-at-least-32-characters!', email),
    ];
    for (const [i, token] of tokens.entries()) {
      const response = await upload(
        ctx,
        await picture(),
        { authorization: `bearer ${token}` },
        `10.0.3.${i}`,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status: 401,
        message: 'authorization: the token is not valid or has expired',
      });
    }
  });

  it('counts an ID token’s account across addresses, and an address across accounts (429)', async () => {
    const idToken = await signUp(uniqueEmail('busy'));
    const auth = { authorization: `Bearer ${idToken}` };
    // Two a minute per account: the third from a third address is refused.
    for (const address of ['10.0.4.1', '10.0.4.2']) {
      expect((await upload(ctx, await picture(60), auth, address)).statusCode).toBe(200);
    }
    const third = await upload(ctx, await picture(60), auth, '10.0.4.3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status: 429, status_txt: 'Too Many Requests' });
    expect(third.json().message).toMatch(/^Too many requests: at most 2 per a minute/);
    // Two a minute per address: new accounts do not buy it more.
    for (let i = 0; i < 2; i++) {
      const fresh = uploaderAuth(ctx.app);
      expect((await upload(ctx, await picture(61), fresh, '10.0.5.1')).statusCode).toBe(200);
    }
    const another = await upload(ctx, await picture(61), uploaderAuth(ctx.app), '10.0.5.1');
    expect(another.statusCode).toBe(429);
  });
});

describe('image work', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ imageWork: { concurrency: 1, queue: 1 } });
  });
  afterAll(() => ctx.close());

  it('answers 503 with a retry time when the line of photos is full, and takes them again after', async () => {
    // The one place busy and the one waiting place taken: the real line, held by the test.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = ctx.app.imageWork.run(() => held);
    const waiting = ctx.app.imageWork.run(() => Promise.resolve());
    expect(ctx.app.imageWork.load).toEqual({ running: 1, waiting: 1 });

    const refused = await upload(ctx, await picture(70), uploaderAuth(ctx.app));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({
      success: false,
      status: 503,
      status_txt: 'Service Unavailable',
      message: TOO_MANY_PHOTOS,
    });

    release();
    await Promise.all([running, waiting]);
    expect(ctx.app.imageWork.load).toEqual({ running: 0, waiting: 0 });
    const taken = await upload(ctx, await picture(70), uploaderAuth(ctx.app));
    expect(taken.statusCode).toBe(200);
  });

  it('refuses a 7000 × 7000 lossless WebP (2 KB, 49 megapixels) from its header, naming the limit, without waiting in the line', async () => {
    const before = await ctx.images.list();
    // The line is full: a picture its header refuses is answered all the same.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = [ctx.app.imageWork.run(() => held), ctx.app.imageWork.run(() => held)];
    const big = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#123456' },
    })
      .webp({ lossless: true })
      .toBuffer();
    expect(big.length).toBeLessThan(4 * 1024);
    const response = await upload(ctx, big, uploaderAuth(ctx.app));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'image: at most 24 megapixels (this one has 49 megapixels)',
    });
    expect(await ctx.images.list()).toEqual(before);
    release();
    await Promise.all(busy);
  });
});

describe('image work settings', () => {
  // A secret given: no data folder is written.
  const base = {
    DATA_DIR: '/nonexistent/cardealer',
    ACCESS_TOKEN_SECRET: TEST_ACCESS_TOKEN_SECRET,
  };
  it('reads IMAGE_* from the environment, with defaults, and refuses what is not a number', () => {
    expect(loadServerConfig(base).imageWork).toEqual({
      concurrency: 1,
      queue: 8,
      timeoutSeconds: 20,
      maxPixels: 24_000_000,
      threads: 1,
    });
    const told = loadServerConfig({
      ...base,
      IMAGE_WORK_CONCURRENCY: '1',
      IMAGE_WORK_QUEUE: '0',
      IMAGE_TIMEOUT_SECONDS: '5',
      IMAGE_MAX_MEGAPIXELS: '12',
      IMAGE_THREADS: '2',
    }).imageWork;
    expect(told).toEqual({
      concurrency: 1,
      queue: 0,
      timeoutSeconds: 5,
      maxPixels: 12_000_000,
      threads: 2,
    });
    expect(() => loadServerConfig({ ...base, IMAGE_MAX_MEGAPIXELS: '80' })).toThrow(ConfigError);
  });
});
