import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  TEST_IMAGE_KEY,
  uploaderAuth,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { EXISTS, HAS_CARS } from './admin-categories-routes';

interface AdminCategory {
  _id: string;
  categoryName: string;
  image: string;
  rating: number;
  position: number;
  cars: number;
}

/** A picture on the test app's image host (its display URL). */
async function uploadPicture(app: FastifyInstance): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#06c' } })
    .png()
    .toBuffer();
  const boundary = 'category-boundary';
  const response = await app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...uploaderAuth(app),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="make.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  return response.json().data.display_url as string;
}

/** An access token signed with a secret that is not the server's, for the admin's account. */
function forgedToken(user: TestUser): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    email: user.email,
    uid: user.uid,
    role: 'Admin',
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createHmac('sha256', 'not-the-server-secret-not-the-server-secret')
    .update(unsigned)
    .digest('base64url');
  return `${unsigned}.${signature}`;
}

describe(`the admin's categories (${databaseKind})`, () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let admin: TestUser;
  let seller: TestUser;
  let picture: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ catalogueCacheMs: 1000 });
    app = ctx.app;
    [admin, seller] = await Promise.all([registerUser(app, 'Admin'), registerUser(app, 'Seller')]);
    picture = await uploadPicture(app);
  });
  afterAll(() => ctx.close());

  const call = (options: InjectOptions, user: TestUser | null = admin) =>
    app.inject({ ...options, headers: { ...(user ? user.auth : {}), ...options.headers } });
  const add = (payload: Record<string, unknown>, user: TestUser | null = admin) =>
    call({ method: 'POST', url: '/api/admin/categories', payload }, user);
  const change = (id: string, payload: Record<string, unknown>) =>
    call({ method: 'PATCH', url: `/api/admin/categories/${id}`, payload });
  const remove = (id: string) => call({ method: 'DELETE', url: `/api/admin/categories/${id}` });
  const list = async () => (await call({ url: '/api/admin/categories' })).json() as AdminCategory[];
  const publicNames = async () =>
    ((await app.inject({ url: '/api/categories' })).json() as { categoryName: string }[]).map(
      (c) => c.categoryName,
    );
  const carNames = async (url: string) =>
    ((await app.inject({ url })).json() as { carName: string }[]).map((car) => car.carName);

  it('adds a make that works everywhere at once: its page, search, its facet and posting in it', async () => {
    const carsBefore = new Map((await list()).map((c) => [c.categoryName, c.cars]));
    // The pages a buyer would have open, cached as under any traffic.
    expect((await app.inject({ url: '/api/category-products/Porsche' })).statusCode).toBe(404);
    expect(await publicNames()).toEqual(['Tesla', 'Ferrari', 'BMW', 'Lamborghini']);

    const added = await add({ categoryName: '  Porsche ', image: picture, rating: 4.6 });
    expect(added.statusCode).toBe(201);
    const porsche = added.json() as AdminCategory;
    expect(porsche).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      categoryName: 'Porsche',
      image: picture,
      rating: 4.6,
      position: 5,
      cars: 0,
    });
    // Public: last in the display order, in the public shape (no admin fields).
    const categories = (await app.inject({ url: '/api/categories' })).json();
    expect(categories.map((c: { categoryName: string }) => c.categoryName)).toEqual([
      'Tesla',
      'Ferrari',
      'BMW',
      'Lamborghini',
      'Porsche',
    ]);
    expect(Object.keys(categories[4]).sort()).toEqual(['_id', 'categoryName', 'image', 'rating']);
    const empty = await app.inject({ url: '/api/category-products/porsche' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    // A seller posts a car in it (any letter case); buyers find it by its page and by search.
    await postProduct(app, seller, { categoryName: 'porsche', carName: 'Porsche 911 Carrera' });
    expect(await carNames('/api/category-products/Porsche')).toEqual(['Porsche 911 Carrera']);
    expect(await carNames('/api/products?category=PORSCHE')).toEqual(['Porsche 911 Carrera']);
    expect(await carNames('/api/products?q=porsche')).toEqual(['Porsche 911 Carrera']);
    const facets = (await app.inject({ url: '/api/products/facets' })).json();
    expect(facets.category.Porsche).toBe(1);
    const sitemap = await app.inject({ url: '/sitemaps/cars-1.xml' });
    expect(sitemap.body).toContain('/category-products/Porsche</loc>');
    expect((await list()).map((c) => [c.categoryName, c.position, c.cars])).toEqual([
      ['Tesla', 1, carsBefore.get('Tesla')],
      ['Ferrari', 2, carsBefore.get('Ferrari')],
      ['BMW', 3, carsBefore.get('BMW')],
      ['Lamborghini', 4, carsBefore.get('Lamborghini')],
      ['Porsche', 5, 1],
    ]);

    // Taken in any letter case, with spaces around or not.
    for (const categoryName of ['porsche', ' PORSCHE', 'tesla']) {
      const again = await add({ categoryName, image: picture });
      expect([again.statusCode, again.json().message]).toEqual([409, EXISTS]);
    }
    // A category with cars stays.
    const refused = await remove(porsche._id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, HAS_CARS]);
    expect(await publicNames()).toContain('Porsche');
  });

  it('renames a make on its cars, moves it first, and deletes one without cars', async () => {
    const porsche = (await list()).find((c) => c.categoryName === 'Porsche')!;
    const renamed = await change(porsche._id, { categoryName: 'Porsche AG', rating: 4.2 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ categoryName: 'Porsche AG', rating: 4.2, cars: 1 });
    expect(await carNames('/api/category-products/Porsche%20AG')).toEqual(['Porsche 911 Carrera']);
    expect((await app.inject({ url: '/api/category-products/Porsche' })).statusCode).toBe(404);
    const car = (await app.inject({ url: '/api/products?category=porsche%20ag' })).json()[0];
    expect(car.categoryName).toBe('Porsche AG');
    const taken = await change(porsche._id, { categoryName: 'bmw' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, EXISTS]);

    const first = await change(porsche._id, { position: 1 });
    expect(first.json().position).toBe(1);
    expect(await publicNames()).toEqual(['Porsche AG', 'Tesla', 'Ferrari', 'BMW', 'Lamborghini']);
    // Past the end is the last place.
    await change(porsche._id, { position: 99 });
    expect(await publicNames()).toEqual(['Tesla', 'Ferrari', 'BMW', 'Lamborghini', 'Porsche AG']);

    const skoda = (
      await add({ categoryName: 'Škoda', image: '/images/categories/bmw.svg' })
    ).json();
    expect(skoda).toMatchObject({ categoryName: 'Škoda', rating: 4.5, position: 6 });
    await change(skoda._id, { position: 2 });
    const deleted = await remove(skoda._id);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    // The others close the gap; deleting it again finds nothing.
    expect((await list()).map((c) => [c.categoryName, c.position])).toEqual([
      ['Tesla', 1],
      ['Ferrari', 2],
      ['BMW', 3],
      ['Lamborghini', 4],
      ['Porsche AG', 5],
    ]);
    const gone = await remove(skoda._id);
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'id: no such category']);
    const notThere = await change(skoda._id, { rating: 3 });
    expect([notThere.statusCode, notThere.json().message]).toEqual([404, 'id: no such category']);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = await tableHashes(ctx.database.db);
    const good = { categoryName: 'Maserati', image: picture };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, categoryName: 'A' }, /^categoryName: /],
      [{ ...good, categoryName: '   A   ' }, /^categoryName: must be 2 to 40 characters/],
      [{ ...good, categoryName: 'M'.repeat(41) }, /^categoryName: /],
      [{ ...good, categoryName: 'Mase\nrati' }, /^categoryName: /],
      [{ ...good, categoryName: 'Rolls/Royce' }, /^categoryName: must start with a letter/],
      [{ ...good, categoryName: '-Maserati' }, /^categoryName: /],
      [{ ...good, categoryName: '../admin' }, /^categoryName: /],
      [{ ...good, categoryName: 42 }, /^categoryName: /],
      [{ image: picture }, /categoryName/],
      [{ categoryName: 'Maserati' }, /image/],
      [{ ...good, image: 'https://evil.example/x.png' }, /^image: must be a picture on this host/],
      [{ ...good, image: '//evil.example/x.png' }, /^image: /],
      [{ ...good, image: '/api/users' }, /^image: /],
      [{ ...good, image: 'javascript:alert(1)' }, /^image: /],
      [{ ...good, rating: 5.5 }, /^rating: /],
      [{ ...good, rating: -1 }, /^rating: /],
      [{ ...good, rating: 'x' }, /^rating: /],
    ];
    for (const [payload, message] of cases) {
      const response = await add(payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([
        JSON.stringify(payload),
        400,
      ]);
      expect(response.json().message).toMatch(message);
    }
    const tesla = (await list())[0]!;
    const changes: [Record<string, unknown>, RegExp][] = [
      [{}, /.+/],
      [{ position: 0 }, /^position: /],
      [{ position: 1.5 }, /^position: /],
      [{ categoryName: ' ' }, /^categoryName: /],
      [{ image: 'http://other.example/a.png' }, /^image: /],
      [{ rating: 6 }, /^rating: /],
      [{ cars: 0 }, /^body: must change categoryName, image, rating or position/],
    ];
    for (const [payload, message] of changes) {
      const response = await change(tesla._id, payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([
        JSON.stringify(payload),
        400,
      ]);
      expect(response.json().message).toMatch(message);
    }
    const badId = await remove('not an id!');
    expect([badId.statusCode, badId.json().message]).toEqual([400, expect.stringMatching(/^id: /)]);
    expect(await tableHashes(ctx.database.db)).toEqual(before);
  });

  it('is for admins only: other roles, no token, a forged one and a demoted admin are refused', async () => {
    const buyer = await registerUser(app, 'Buyer');
    const demoted = await registerUser(app, 'Admin', 'demoted');
    await app.repos.users.setRole(demoted.email, 'Buyer');
    const before = await tableHashes(ctx.database.db);
    const forged = { authorization: `bearer ${forgedToken(admin)}` };
    const tesla = (await list())[0]!;
    const body = { categoryName: 'Bugatti', image: picture };
    for (const [user, headers, status] of [
      [null, {}, 401],
      [null, forged, 401],
      [buyer, {}, 403],
      [seller, {}, 403],
      [demoted, {}, 403],
    ] as const) {
      const calls: InjectOptions[] = [
        { url: '/api/admin/categories' },
        { method: 'POST', url: '/api/admin/categories', payload: body },
        { method: 'PATCH', url: `/api/admin/categories/${tesla._id}`, payload: { rating: 1 } },
        { method: 'DELETE', url: `/api/admin/categories/${tesla._id}` },
      ];
      for (const options of calls) {
        const response = await call({ ...options, headers }, user);
        expect([options.method ?? 'GET', response.statusCode]).toEqual([
          options.method ?? 'GET',
          status,
        ]);
      }
    }
    expect(await tableHashes(ctx.database.db)).toEqual(before);
  });

  it('shows a change made on one replica on another at once, and limits how fast an admin writes', async () => {
    const replica = await buildReplica(ctx, {
      catalogueCacheMs: 1000,
      rateLimits: { categories: { max: 3, windowSeconds: 60 } },
    });
    const b = replica.app;
    await b.ready();
    try {
      const onB = (url: string) => b.inject({ url });
      // B has the list and the unknown page cached.
      expect((await onB('/api/category-products/Alpine')).statusCode).toBe(404);
      expect((await onB('/api/categories')).json()).toHaveLength(5);
      const alpine = (await add({ categoryName: 'Alpine', image: picture })).json();
      expect((await onB('/api/categories')).json().at(-1).categoryName).toBe('Alpine');
      expect((await onB('/api/category-products/Alpine')).statusCode).toBe(200);
      await change(alpine._id, { categoryName: 'Alpine Renault' });
      expect((await onB('/api/category-products/Alpine')).statusCode).toBe(404);
      expect((await onB('/api/category-products/Alpine%20Renault')).statusCode).toBe(200);
      await remove(alpine._id);
      expect((await onB('/api/categories')).json()).toHaveLength(5);

      // B counts an admin's category writes, together: the fourth in a minute is refused.
      const onBAsAdmin = (options: InjectOptions) => b.inject({ ...options, headers: admin.auth });
      const statuses: number[] = [];
      for (const name of ['Lotus', 'Lancia', 'Lada']) {
        const created = await onBAsAdmin({
          method: 'POST',
          url: '/api/admin/categories',
          payload: { categoryName: name, image: picture },
        });
        statuses.push(created.statusCode);
        if (name === 'Lotus') {
          const id = created.json()._id as string;
          const deleted = await onBAsAdmin({
            method: 'DELETE',
            url: `/api/admin/categories/${id}`,
          });
          statuses.push(deleted.statusCode);
        }
      }
      expect(statuses).toEqual([201, 200, 201, 429]);
      const limited = await onBAsAdmin({ method: 'POST', url: '/api/admin/categories' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await replica.close();
    }
  });
});
