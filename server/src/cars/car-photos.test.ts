/**
 * A car's photos come from this host, on every path that writes them: POST /category with or
 * without `photos`, PATCH /products/{id} with `carPhoto` alone or with `photos`. Judged on the
 * URL as a browser resolves it, never on its first characters.
 */
import { DEFAULT_PUBLIC_ORIGIN } from '../app';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const OWN = `/image-host/i/${'a'.repeat(64)}.png`;
const SEED_PICTURE = '/images/cars/car-01.svg';

/** URLs a browser would fetch from another host, or that are no picture of this one. */
const FOREIGN = [
  'https://evil.example/x.png',
  '/\\evil.example/x.png',
  '/\\/evil.example/x.png',
  '//evil.example/x.png',
  `${DEFAULT_PUBLIC_ORIGIN}@evil.example/images/x.png`,
  'https://i.ibb.co/abc/car.png',
  '/images/../api/products',
  '/images/%2e%2e/api/products',
  '/api/products',
];

let ctx: TestContext;
let seller: TestUser;
let carId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  seller = await registerUser(ctx.app, 'Seller');
  carId = await postProduct(ctx.app, seller, { carPhoto: OWN, photos: [OWN, SEED_PICTURE] });
});

afterAll(async () => {
  await ctx?.close();
});

const post = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/category', headers: seller.auth, payload: body });
const patch = (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/products/${carId}`,
    headers: seller.auth,
    payload: body,
  });

async function storedPhotos(): Promise<{ carPhoto: string; photos: string[] }> {
  const car = (await ctx.app.inject({ url: `/api/products/${carId}` })).json();
  return { carPhoto: car.carPhoto, photos: car.photos };
}

describe(`car photos come from this host (${databaseKind})`, () => {
  it.each(FOREIGN)('POST /category without photos refuses the carPhoto %s', async (url) => {
    const response = await post(productBody({ carPhoto: url }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^carPhoto: /);
  });

  it.each(FOREIGN)('POST /category refuses %s among the photos', async (url) => {
    const response = await post(productBody({ carPhoto: OWN, photos: [OWN, url] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^photos\.1: /);
  });

  it.each(FOREIGN)(
    'PATCH /products/{id} with only carPhoto refuses %s and keeps the photos',
    async (url) => {
      const before = await storedPhotos();
      const response = await patch({ carPhoto: url });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^carPhoto: /);
      ctx.app.catalogueCache.invalidate();
      expect(await storedPhotos()).toEqual(before);
    },
  );

  it.each(FOREIGN)('PATCH /products/{id} refuses %s among the photos', async (url) => {
    const response = await patch({ photos: [url, OWN] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^photos\.0: /);
  });

  it("takes the image host's files and the app's pictures, as paths or on the public origin", async () => {
    for (const url of [OWN, SEED_PICTURE, `${DEFAULT_PUBLIC_ORIGIN}${OWN}`]) {
      const created = await post(productBody({ carPhoto: url }));
      expect(created.statusCode).toBe(201);
      const changed = await patch({ carPhoto: url });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().carPhoto).toBe(url);
    }
  });

  it("keeps a seller's photo from Google (a profile photo, not the car's)", async () => {
    const google = 'https://lh3.googleusercontent.com/a/photo.png';
    const created = await post(productBody({ carPhoto: OWN, sellerPhoto: google }));
    expect(created.statusCode).toBe(201);
    const changed = await patch({ sellerPhoto: google });
    expect(changed.statusCode).toBe(200);
  });
});

describe(`with an outside image host configured (${databaseKind})`, () => {
  let other: TestContext;
  let otherSeller: TestUser;
  beforeAll(async () => {
    other = await buildTestApp({ imageOrigins: ['https://i.ibb.co'] });
    otherSeller = await registerUser(other.app, 'Seller');
  });
  afterAll(() => other.close());

  it("takes its display origin's photos, and still no other host's", async () => {
    const ibb = 'https://i.ibb.co/abc/car.png';
    const id = await postProduct(other.app, otherSeller, { carPhoto: ibb, photos: [ibb, OWN] });
    const changed = await other.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: otherSeller.auth,
      payload: { carPhoto: 'https://i.ibb.co/def/side.png' },
    });
    expect(changed.statusCode).toBe(200);
    const refused = await other.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: otherSeller.auth,
      payload: { carPhoto: 'https://ibb.co.evil.example/x.png' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `carPhoto: must be a photo on this host (${DEFAULT_PUBLIC_ORIGIN} or https://i.ibb.co)`,
    );
  });
});
