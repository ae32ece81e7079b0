import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  TEST_IMAGE_KEY,
  uploaderAuth,
  type TestContext,
  type TestUser,
} from '../../test/helper';

interface Copy {
  url: string;
  width: number;
  height: number;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#247' } })
    .png()
    .toBuffer();

describe(`the copies of a car's photo in answers (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  beforeAll(async () => {
    // imgbb configured as the outside image host: its photos are answered as they are.
    ctx = await buildTestApp({ imageOrigins: ['https://i.ibb.co'] });
    buyer = await registerUser(ctx.app, 'Buyer');
  });
  afterAll(() => ctx.close());

  /** Uploads a picture as the web app does; answers the image host's `data`. */
  async function upload(bytes: Buffer) {
    const boundary = '----photo-copies-test';
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...uploaderAuth(ctx.app),
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      display_url: string;
      thumb: Copy;
      medium: Copy;
      large?: Copy;
    };
  }

  /** A new seller's car with this photo, as their own list answers it. */
  async function carWithPhoto(carPhoto: string) {
    const seller = await registerUser(ctx.app, 'Seller');
    const id = await postProduct(ctx.app, seller, { carPhoto });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/seller-products/${seller.email}`,
      headers: seller.auth,
    });
    expect(list.statusCode).toBe(200);
    return { seller, id, product: list.json()[0] as Record<string, unknown> };
  }

  it('declares the true widths of a small photo’s copies (56 px: both copies are 56 px wide)', async () => {
    const uploaded = await upload(await png(56, 12));
    const { product } = await carWithPhoto(uploaded.display_url);
    // The upload answer and the product answer agree, file names included.
    expect(product.carPhotoCopies).toEqual([
      { url: uploaded.thumb.url, width: 56, height: 12 },
      { url: uploaded.medium.url, width: 56, height: 12 },
    ]);
    for (const copy of product.carPhotoCopies as Copy[]) {
      const served = await ctx.app.inject({ method: 'GET', url: copy.url });
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 56, height: 12 });
    }
  });

  it('lists a large photo’s copies narrowest first: 160, 640 and 1600 px', async () => {
    const uploaded = await upload(await png(2000, 1250));
    const { seller, id, product } = await carWithPhoto(uploaded.display_url);
    const copies = [
      { url: uploaded.thumb.url, width: 160, height: 100 },
      { url: uploaded.medium.url, width: 640, height: 400 },
      { url: uploaded.large!.url, width: 1600, height: 1000 },
    ];
    expect(product.carPhotoCopies).toEqual(copies);

    // The catalogue answers (category page, advertisement) carry them too.
    const advertised = await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${id}`,
      headers: seller.auth,
    });
    expect(advertised.statusCode).toBe(200);
    for (const url of ['/api/category-products/Tesla', '/api/advertisment']) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: buyer.auth });
      const car = (answer.json() as Array<{ _id: string }>).find((row) => row._id === id);
      expect(car).toMatchObject({ carPhoto: uploaded.display_url, carPhotoCopies: copies });
    }

    // A booking's copy of the photo (carImage) carries them, for the buyer and the seller.
    const orderId = await placeOrder(ctx.app, buyer, id);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
      headers: buyer.auth,
    });
    expect(mine.json().find((order: { _id: string }) => order._id === orderId)).toMatchObject({
      carImage: uploaded.display_url,
      carImageCopies: copies,
    });
    for (const [url, who] of [
      [`/api/orders/${orderId}`, buyer],
      ['/api/seller-orders', seller],
    ] as const) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: who.auth });
      const order = Array.isArray(answer.json()) ? answer.json()[0] : answer.json();
      expect(order).toMatchObject({ _id: orderId, carImageCopies: copies });
    }
  });

  it("lists every photo's copies on a car's page, in the photos' order, and none for a picture it cannot find", async () => {
    const large = await upload(await png(1600, 1000));
    const small = await upload(await png(300, 200));
    expect(small).not.toHaveProperty('large');
    const seller = await registerUser(ctx.app, 'Seller');
    // A name of this host that holds no file (removed since): shown as it is, without copies.
    const elsewhere = `/image-host/i/${'d'.repeat(64)}.png`;
    const id = await postProduct(ctx.app, seller, {
      carPhoto: large.display_url,
      photos: [large.display_url, small.display_url, elsewhere],
    });
    const answer = await ctx.app.inject({ url: `/api/products/${id}` });
    expect(answer.statusCode).toBe(200);
    const car = answer.json() as { photos: string[]; photosCopies: Copy[][] };
    expect(car.photos).toEqual([large.display_url, small.display_url, elsewhere]);
    expect(car.photosCopies).toEqual([
      [
        { url: large.thumb.url, width: 160, height: 100 },
        { url: large.medium.url, width: 640, height: 400 },
        { url: large.large!.url, width: 1600, height: 1000 },
      ],
      // Never wider than the original; no full-screen copy of a photo no wider than 640 px.
      [
        { url: small.thumb.url, width: 160, height: 107 },
        { url: small.medium.url, width: 300, height: 200 },
      ],
      [],
    ]);
    // An edit's answer says the same of the photos as they now are.
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: seller.auth,
      payload: { photos: [small.display_url, large.display_url] },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (edited.json() as { photosCopies: Copy[][] }).photosCopies.map((c) => c[1]?.url),
    ).toEqual([small.medium.url, large.medium.url]);
  });

  it("lists the cover's copies in the search answer (GET /products), the large one too", async () => {
    const cover = await upload(await png(3200, 2000));
    const side = await upload(await png(500, 400));
    const seller = await registerUser(ctx.app, 'Seller');
    const id = await postProduct(ctx.app, seller, {
      carPhoto: cover.display_url,
      photos: [cover.display_url, side.display_url, '/images/cars/car-01.svg'],
    });
    // The newest car first: this one.
    const answer = await ctx.app.inject({ url: '/api/products?sort=newest&limit=5' });
    expect(answer.statusCode).toBe(200);
    const car = (answer.json() as Array<{ _id: string }>).find((row) => row._id === id);
    expect(car).toMatchObject({
      photos: [cover.display_url, side.display_url, '/images/cars/car-01.svg'],
      carPhotoCopies: [cover.thumb, cover.medium, cover.large].map((copy) => ({
        url: copy!.url,
        width: copy!.width,
        height: copy!.height,
      })),
    });
    // A card shows the cover only: the other photos' copies are for the car's page.
    expect(car).not.toHaveProperty('photosCopies');
  });

  it('lists no full-screen copy of an older upload that lacks it (its page shows the original)', async () => {
    // Stored before the 1600 px copy existed: the original and its two copies only.
    const original = await png(1800, 1200);
    const hash = 'b'.repeat(64);
    await ctx.images.put(`${hash}.png`, original, { mime: 'image/png', width: 1800, height: 1200 });
    const { product } = await carWithPhoto(`/image-host/i/${hash}.png`);
    expect(product.carPhotoCopies).toEqual([
      { url: `/image-host/i/${hash}-160.webp`, width: 160, height: 107 },
      { url: `/image-host/i/${hash}-640.webp`, width: 640, height: 427 },
    ]);
  });

  it('finds the copies of a photo stored before copies existed, and of an absolute URL', async () => {
    const original = await png(300, 200);
    const hash = 'c'.repeat(64);
    await ctx.images.put(`${hash}.png`, original, { mime: 'image/png', width: 300, height: 200 });
    const { product } = await carWithPhoto(`/image-host/i/${hash}.png`);
    expect(product.carPhotoCopies).toEqual([
      { url: `/image-host/i/${hash}-160.webp`, width: 160, height: 107 },
      { url: `/image-host/i/${hash}-640.webp`, width: 300, height: 200 },
    ]);
    const served = await ctx.app.inject({ method: 'GET', url: `/image-host/i/${hash}-160.webp` });
    expect(served.statusCode).toBe(200);

    const absolute = await carWithPhoto(`http://localhost:8080/image-host/i/${hash}.png`);
    expect(absolute.product.carPhotoCopies).toEqual([
      expect.objectContaining({ url: `http://localhost:8080/image-host/i/${hash}-160.webp` }),
      expect.objectContaining({ url: `http://localhost:8080/image-host/i/${hash}-640.webp` }),
    ]);
  });

  it.each([
    ['a demo picture', '/images/cars/car-01.svg'],
    ['another host', 'https://i.ibb.co/abc/car.png'],
    ['a name of this host that was never stored', `/image-host/i/${'d'.repeat(64)}.png`],
    ['a file of this host that is not an original', `/image-host/i/${'d'.repeat(64)}-640.webp`],
  ])('answers %s as it is, without copies', async (_what, carPhoto) => {
    const { product } = await carWithPhoto(carPhoto);
    expect(product.carPhoto).toBe(carPhoto);
    expect(product).not.toHaveProperty('carPhotoCopies');
  });

  it('answers a photo that cannot be read any more without copies (never a failed list)', async () => {
    const hash = 'e'.repeat(64);
    const damaged = Buffer.from('not a picture');
    await ctx.images.put(`${hash}.jpg`, damaged, { mime: 'image/jpeg', width: 0, height: 0 });
    const { product } = await carWithPhoto(`/image-host/i/${hash}.jpg`);
    expect(product).not.toHaveProperty('carPhotoCopies');
  });
});

describe('the copies of a damaged photo, whatever the store’s speed', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'cardealer-copies-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('answers no copies and leaves no failed resize unheard when the store is slow to answer', async () => {
    // A database store answers `has` over the network: the resizes of a damaged original fail
    // while the store is still asked whether the large copy exists. An unheard failure is an
    // unhandled rejection, which stops the server's process (Node's default). Run in a process of
    // its own, as the server runs, because the test runner's sandbox does not report every one.
    const script = join(folder, 'damaged.ts');
    await writeFile(
      script,
      `import { FolderImageStore } from ${JSON.stringify(join(__dirname, 'image-files.ts'))};
import { imageUrl } from ${JSON.stringify(join(__dirname, 'image-host.ts'))};
import { PhotoCopies } from ${JSON.stringify(join(__dirname, 'photo-copies.ts'))};
class SlowStore extends FolderImageStore {
  override async has(name: string): Promise<boolean> {
    // Only the question about the large copy is slow: the folder store's reads use has too.
    if (name.endsWith('-1600.webp')) await new Promise((resolve) => setTimeout(resolve, 200));
    return super.has(name);
  }
}
const store = new SlowStore(${JSON.stringify(join(folder, 'store'))});
const hash = 'f'.repeat(64);
void (async () => {
  await store.put(hash + '.jpg', Buffer.from('not a picture'), { mime: 'image/jpeg', width: 0, height: 0 });
  const copies = await new PhotoCopies(store).of(imageUrl(hash + '.jpg'));
  console.log(JSON.stringify({ copies: copies ?? 'none' }));
})();
`,
    );
    const run = spawnSync(
      process.execPath,
      ['--unhandled-rejections=strict', '--import', 'tsx', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect({ status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() }).toEqual({
      status: 0,
      stdout: JSON.stringify({ copies: 'none' }),
      stderr: '',
    });
  });
});
