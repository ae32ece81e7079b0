/**
 * Free text as people expect it from a search engine: typos forgiven by the word's length,
 * words no car has left out (and named), and a relevance search that ranks at most a set number
 * of candidates and estimates its total past them, with the same pages as an uncapped search
 * below them. Through the API (`inject`), on PGlite and PostgreSQL alike.
 */
import type { FastifyInstance } from 'fastify';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildReplica, buildTestApp, databaseKind, type TestContext } from '../../test/helper';

const FERRARIS = 30;

describe(`text search as people expect it (${databaseKind})`, () => {
  let ctx: TestContext;
  let capped: Awaited<ReturnType<typeof buildReplica>>;
  let roomy: Awaited<ReturnType<typeof buildReplica>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // The reference: every match ranked.
    ctx = await buildTestApp({ searchCandidates: Number.POSITIVE_INFINITY, catalogueCacheMs: 0 });
    capped = await buildReplica(ctx, {
      searchCandidates: 10,
      searchExactTotals: 5,
      catalogueCacheMs: 0,
    });
    roomy = await buildReplica(ctx, { searchCandidates: FERRARIS + 10, catalogueCacheMs: 0 });
    await Promise.all([capped.app.ready(), roomy.app.ready()]);
    const email = `typo-${newId()}@test.cardealer.dev`;
    const db = ctx.database.db;
    await db.insert(users).values({ _id: newId(), name: 'Typo Seller', email, userRole: 'Seller' });
    const car = (key: string, values: Partial<typeof products.$inferInsert>) => {
      ids[key] = newId();
      return {
        _id: ids[key]!,
        carName: 'Car',
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good' as const,
        originalPrice: 1,
        resalePrice: 1000,
        productLocation: 'Boston, MA',
        userYears: 1,
        postTime: 'today',
        productDescription: 'Nothing to say.',
        sellerName: 'Typo Seller',
        email,
        ...values,
      };
    };
    const names = ['Ferrari F8 Tributo', 'F8 Tributo', 'Ferrari Roma Ferrari'];
    await db.insert(products).values([
      ...Array.from({ length: FERRARIS }, (_, i) =>
        car(`ferrari${i}`, {
          carName: names[i % 3]!,
          categoryName: 'Ferrari',
          resalePrice: 100_000 + i * 1000,
          productDescription: i % 4 === 0 ? 'A Ferrari kept in a garage.' : 'Kept in a garage.',
        }),
      ),
      car('tesla1', { carName: 'Tesla Model 3' }),
      car('tesla2', { carName: 'Tesla Model Y', productLocation: 'Seattle, WA' }),
      car('lambo', { carName: 'Lamborghini Huracan', categoryName: 'Lamborghini' }),
    ]);
  });
  afterAll(async () => {
    await capped.close();
    await roomy.close();
    await ctx.close();
  });

  const ask = async (app: FastifyInstance, query: string) => {
    const response = await app.inject({ url: `/api/products?${query}` });
    expect(response.statusCode).toBe(200);
    return {
      ids: (response.json() as { _id: string }[]).map((c) => c._id),
      total: Number(response.headers['x-total-count']),
      exact: response.headers['x-total-count-exact'],
      ignored: response.headers['x-ignored-words'],
      next: response.headers['x-next-cursor'] as string | undefined,
    };
  };
  const found = async (q: string) =>
    (await ask(ctx.app, `q=${encodeURIComponent(q)}&limit=48`)).ids;
  const ferraris = () => Object.keys(ids).filter((k) => k.startsWith('ferrari'));
  const idsOf = (keys: string[]) => keys.map((k) => ids[k]).sort();

  it.each([
    // 1 to 4 letters: exactly (the trigrams found 'Roma' for 'rome' before).
    ['rome', []],
    ['roma', 'romas'],
    // 5 to 8 letters: one typo (a letter left out, changed, added, or two swapped).
    ['Ferari', 'ferraris'],
    ['Ferrarri', 'ferraris'],
    ['Fetrari', 'ferraris'],
    ['Ferrrai', 'ferraris'],
    ['Frari', []],
    ['Tesle', ['tesla1', 'tesla2']],
    ['seatle', ['tesla2']],
    // 9 letters or more: two typos.
    ['Lamborgini', ['lambo']],
    ['Lamborgin', ['lambo']],
    ['Lamboxxxini', []],
    ['Ferrarixyzqwerty', []],
  ])("'%s' finds what its typos allow", async (q, expected) => {
    const keys =
      expected === 'ferraris'
        ? ferraris()
        : expected === 'romas'
          ? ferraris().filter((k) => Number(k.slice('ferrari'.length)) % 3 === 2)
          : (expected as string[]);
    expect((await found(q)).sort()).toEqual(idsOf(keys));
  });

  it('leaves out the words no car has when the words match none together, and says which', async () => {
    const red = await ask(ctx.app, 'q=red%20tesla');
    expect(red.ids.sort()).toEqual(idsOf(['tesla1', 'tesla2']));
    expect(red.ignored).toBe('red');
    expect(red.total).toBe(2);
    const facets = await ctx.app.inject({ url: '/api/products/facets?q=red%20tesla' });
    expect(facets.json()).toMatchObject({ category: { Tesla: 2 }, ignoredWords: ['red'] });
    // With a typo in the word kept, and two words left out.
    const typo = await ask(ctx.app, 'q=shiny%20red%20teslla');
    expect(typo.ids.sort()).toEqual(idsOf(['tesla1', 'tesla2']));
    expect(typo.ignored).toBe('shiny red');
    // Words that match together, or each alone but not together, or none at all: nothing left out.
    for (const q of ['tesla model', 'tesla ferrari', 'red blue', 'the tesla']) {
      const answer = await ask(ctx.app, `q=${encodeURIComponent(q)}`);
      expect(answer.ignored).toBeUndefined();
      const facet = await ctx.app.inject({
        url: `/api/products/facets?q=${encodeURIComponent(q)}`,
      });
      expect(facet.json().ignoredWords).toEqual([]);
    }
    expect((await found('tesla ferrari')).length).toBe(0);
    expect((await found('red blue')).length).toBe(0);
    expect((await found('the tesla')).sort()).toEqual(idsOf(['tesla1', 'tesla2']));
  });

  /** Every page of a search, walked by cursor. */
  const walk = async (app: FastifyInstance, query: string) => {
    const pages: Awaited<ReturnType<typeof ask>>[] = [];
    let cursor: string | undefined;
    do {
      const page = await ask(app, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page);
      cursor = page.next;
    } while (cursor && pages.length < 20);
    return pages;
  };

  it('ranks the same pages as an uncapped search while the matches are fewer than the cap', async () => {
    for (const q of ['ferrari', 'ferari', 'ferrari tributo', 'red ferrari', 'tesla', 'garage']) {
      const query = `q=${encodeURIComponent(q)}&limit=7`;
      const [reference, roomier] = [await walk(ctx.app, query), await walk(roomy.app, query)];
      expect(roomier.map((p) => p.ids)).toEqual(reference.map((p) => p.ids));
      expect(roomier.map((p) => [p.total, p.exact])).toEqual(
        reference.map((p) => [p.total, 'true']),
      );
      expect(reference[0]!.ids.length).toBeGreaterThan(0);
    }
  });

  it('past the cap, ranks the candidates read and estimates the total (X-Total-Count-Exact: false)', async () => {
    const pages = await walk(capped.app, 'q=ferrari&limit=4');
    const shown = pages.flatMap((p) => p.ids);
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    expect(shown.every((id) => idsOf(ferraris()).includes(id))).toBe(true);
    for (const page of pages) {
      expect(page.exact).toBe('false');
      expect(page.total).toBeGreaterThanOrEqual(11);
      // Two significant figures at most.
      expect(String(page.total).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
    }
    // A total of make and condition only is a sum of kept counts: exact however large.
    const all = await ask(capped.app, 'limit=4');
    expect([all.total, all.exact]).toEqual([FERRARIS + 3, 'true']);
  });

  it('past the cap, sorts the candidates read, in order and without repeats', async () => {
    // Each page sorts the candidates read after the cursor: in order, never a car twice.
    const pages = await walk(capped.app, 'q=ferrari&sort=price_asc&limit=4');
    const shown = pages.flatMap((p) => p.ids);
    expect(shown.length).toBeGreaterThanOrEqual(10);
    expect(new Set(shown).size).toBe(shown.length);
    const price = (id: string) =>
      100_000 +
      1000 *
        Number(
          ferraris()
            .find((k) => ids[k] === id)!
            .slice(7),
        );
    const prices = shown.map(price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(pages.map((p) => p.exact)).toEqual(pages.map(() => 'false'));
    // Within the cap, the same pages as every match sorted.
    const roomier = await walk(roomy.app, 'q=ferrari&sort=price_asc&limit=4');
    const reference = await walk(ctx.app, 'q=ferrari&sort=price_asc&limit=4');
    expect(roomier.map((p) => p.ids)).toEqual(reference.map((p) => p.ids));
    expect(roomier[0]!.ids.map(price)).toEqual([100_000, 101_000, 102_000, 103_000]);
  });

  it('counts a total exactly up to its cap, then estimates it', async () => {
    // 30 Ferraris at 100,000 and up: past the cap of 5.
    const many = await ask(capped.app, 'minPrice=50000&limit=4');
    expect(many.exact).toBe('false');
    expect(many.total).toBeGreaterThanOrEqual(6);
    expect(String(many.total).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
    // The same search where every car fits the cap: exact, on the first page and after it.
    const few = await ask(capped.app, 'minPrice=100000&maxPrice=103000&limit=2');
    expect([few.total, few.exact]).toEqual([4, 'true']);
    const next = await ask(
      capped.app,
      `minPrice=100000&maxPrice=103000&limit=2&cursor=${few.next}`,
    );
    expect([next.total, next.exact, next.ids.length]).toEqual([4, 'true', 2]);
    // A first page that holds every match needs no count.
    const teslas = await ask(capped.app, 'maxPrice=5000&limit=10');
    expect([teslas.total, teslas.exact, teslas.ids.length]).toEqual([3, 'true', 3]);
  });

  it('estimates the facets past the cap, and says so', async () => {
    const facets = async (app: FastifyInstance, query: string) => {
      const response = await app.inject({ url: `/api/products/facets?${query}` });
      expect(response.statusCode).toBe(200);
      return response.json() as { category: Record<string, number>; countsExact: boolean };
    };
    const estimated = await facets(capped.app, 'q=ferrari');
    expect(estimated.countsExact).toBe(false);
    expect(estimated.category.Ferrari).toBeGreaterThanOrEqual(10);
    const exact = await facets(roomy.app, 'q=ferrari');
    expect(exact).toMatchObject({ countsExact: true, category: { Ferrari: FERRARIS } });
    // Few matches: exact on the capped server too.
    expect(await facets(capped.app, 'q=tesla')).toMatchObject({
      countsExact: true,
      category: { Tesla: 2 },
    });
  });
});
