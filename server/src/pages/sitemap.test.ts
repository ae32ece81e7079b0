/**
 * The sitemap's files read by keyset, so a million cars stay cheap: paged through with 10 addresses
 * a file, every car for sale and every seller with one is in exactly one file, no file is over the
 * limit, and a car sold or added between reading the index and reading the files makes no other car
 * vanish or repeat. Old numbered names still answer; bad names are 404 or 400, never 500.
 */
import { sql, type SQL } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';
import { addSitemapCar } from '../../test/sitemap-fixture';

const ORIGIN = 'https://cars.example.com';
const PER_FILE = 10;
/** The home page, the four categories' pages and /cars. */
const PAGES = 6;

describe(`the sitemap's files by keyset (${databaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Three rows a read: every file is built over several reads, each going on from the last.
    ctx = await buildTestApp({
      publicOrigin: ORIGIN,
      sitemapUrlsPerFile: PER_FILE,
      sitemapRowsPerRead: 3,
    });
    // 12 sellers with 1 to 4 cars each (30 cars), random ids as the server makes them.
    for (let s = 0; s < 12; s++) {
      const email = await addSeller();
      for (let c = 0; c <= s % 4; c++) await addCar(email);
    }
  });
  afterAll(() => ctx?.close());

  async function run(query: SQL) {
    await ctx.database.db.execute(query);
    ctx.app.catalogueCache.invalidate();
  }

  async function addSeller(): Promise<string> {
    const id = newId();
    const email = `sitemap-${id}@example.com`;
    await ctx.database.db.insert(users).values({ _id: id, name: 'S', email, userRole: 'Seller' });
    return email;
  }

  const addCar = (email: string, id?: string) => addSitemapCar(ctx, email, id);

  /** What the database has for sale, and the sellers with a car for sale (the oracle). */
  async function expected() {
    const ids = async (query: SQL) =>
      ((await ctx.database.db.execute(query)) as unknown as { rows: { id: string }[] }).rows
        .map((row) => row.id)
        .sort();
    return {
      cars: await ids(sql`select id from products where sold_at is null and hidden is null`),
      sellers: await ids(sql`select u.id from users u where u.user_role = 'Seller'
        and u.suspended_at is null and exists (select 1 from products p
          where p.email = u.email and p.sold_at is null and p.hidden is null)`),
    };
  }

  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const get = (url: string) => ctx.app.inject({ url: url.replace(ORIGIN, '') });

  /** The index's files' addresses. */
  async function index(): Promise<string[]> {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    return locs(response.body);
  }

  /** Reads every file of `files` as a crawler does: each file's addresses. */
  async function read(files: string[]): Promise<string[][]> {
    const all: string[][] = [];
    for (const file of files) {
      const response = await get(file);
      expect({ file, status: response.statusCode }).toEqual({ file, status: 200 });
      all.push(locs(response.body));
    }
    return all;
  }

  /** The cars' and sellers' ids across `files` (repeats kept), each file at most the limit. */
  function idsOf(files: string[][]) {
    for (const file of files) expect(file.length).toBeLessThanOrEqual(PER_FILE);
    const all = files.flat();
    const under = (path: string) =>
      all.filter((loc) => loc.startsWith(`${ORIGIN}${path}`)).map((loc) => loc.split('/').pop()!);
    return { cars: under('/cars/').sort(), sellers: under('/sellers/').sort(), all };
  }

  const carFiles = (files: string[]) => files.filter((f) => f.includes('/sitemaps/cars.xml'));
  const sellerFiles = (files: string[]) => files.filter((f) => f.includes('/sitemaps/sellers.xml'));

  /** The ids for sale in a file's range, by the database's order (`u`: sellers with cars). */
  async function inRangeOf(file: string, table: 'p' | 'u'): Promise<string[]> {
    const query = new URL(file).searchParams;
    const column = sql.raw(`${table}.id`);
    const parts = [
      table === 'p'
        ? sql`p.sold_at is null and p.hidden is null`
        : sql`exists (select 1 from products p where p.email = u.email and p.sold_at is null)`,
    ];
    if (query.get('from')) parts.push(sql`${column} >= ${query.get('from')}`);
    if (query.get('to')) parts.push(sql`${column} < ${query.get('to')}`);
    const from = table === 'p' ? sql`products p` : sql`users u`;
    const result = (await ctx.database.db.execute(
      sql`select ${column} as id, ${table === 'p' ? sql`p.email` : sql`u.email`} as email
        from ${from} where ${sql.join(parts, sql` and `)} order by ${column}`,
    )) as unknown as { rows: { id: string; email: string }[] };
    return result.rows.map((row) => `${row.id} ${row.email}`);
  }
  const idOf = (row: string) => row.split(' ')[0]!;
  const emailOf = (row: string) => row.split(' ')[1]!;

  it('lists every car for sale and every seller with one exactly once, in files of the limit', async () => {
    const files = await index();
    const cars = carFiles(files);
    const sellers = sellerFiles(files);
    expect(cars.length + sellers.length).toBe(files.length);
    // A tenth of each file is left for cars added later: 9 addresses in each.
    expect(cars.length).toBeGreaterThanOrEqual(Math.ceil((PAGES + 30) / 9));
    expect(cars[0]).toMatch(/\/sitemaps\/cars\.xml\?to=[0-9a-f]{24}$/);
    expect(cars.at(-1)).toMatch(/\/sitemaps\/cars\.xml\?from=[0-9a-f]{24}$/);
    expect(sellers.length).toBe(2);
    const read1 = await read(files);
    expect(read1[0]!.slice(0, PAGES)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/category-products/Tesla`,
      `${ORIGIN}/category-products/Ferrari`,
      `${ORIGIN}/category-products/BMW`,
      `${ORIGIN}/category-products/Lamborghini`,
      `${ORIGIN}/cars`,
    ]);
    const found = idsOf(read1);
    expect({ cars: found.cars, sellers: found.sellers }).toEqual(await expected());
    // Every file but each list's last has a tenth free for cars added after the index.
    const sizes = read1.map((file) => file.length);
    expect(sizes.slice(0, cars.length - 1).every((n) => n === 9)).toBe(true);
    expect(sizes[cars.length]).toBe(9);
    // The files' addresses are the same until something changes.
    expect(await index()).toEqual(files);
  });

  it('makes no other car vanish or repeat when cars are sold or added during a crawl', async () => {
    const before = (await expected()).cars;
    const files = carFiles(await index());
    expect(files.length).toBeGreaterThanOrEqual(4);
    // The crawler reads the first two files…
    const crawl = await read(files.slice(0, 2));
    // …then a car it read is sold and one is added before it (with OFFSET, one car would move
    // into a file already read and one back into the next: a car lost, another twice)…
    const second = await inRangeOf(files[1]!, 'p');
    await run(sql`update products set sold_at = now() where id = ${idOf(second[1]!)}`);
    await addCar(emailOf(second[0]!), '0'.repeat(24));
    // …and in the files still to read, one is sold and one added in a full file (just after
    // one of its cars: in its range whatever the collation).
    const third = await inRangeOf(files[2]!, 'p');
    const last = await inRangeOf(files.at(-1)!, 'p');
    await run(sql`update products set sold_at = now() where id = ${idOf(last[0]!)}`);
    const added = await addCar(emailOf(third[0]!), `${idOf(third[2]!)}0`);
    crawl.push(...(await read(files.slice(2))));
    const found = idsOf(crawl);
    expect(found.cars).toEqual([...before.filter((id) => id !== idOf(last[0]!)), added].sort());
  });

  it('fills a file to the limit at most when more cars fall in its range than it left free', async () => {
    const files = carFiles(await index());
    const second = await inRangeOf(files[1]!, 'p');
    // A car more in the second file's range fits in the tenth left free: nothing is left out.
    await addCar(emailOf(second[0]!), `${idOf(second[0]!)}0`);
    const inFile = (await inRangeOf(files[1]!, 'p')).map(idOf).sort();
    expect(inFile).toHaveLength(PER_FILE);
    expect(idsOf(await read([files[1]!])).cars).toEqual(inFile);
    // Two more do not: the file stops at the limit.
    for (let i = 1; i < 3; i++) await addCar(emailOf(second[0]!), `${idOf(second[i]!)}0`);
    const crowded = idsOf(await read([files[1]!]));
    expect(crowded.cars).toHaveLength(PER_FILE);
    // The next index splits the range: every car once again.
    const next = await index();
    expect(carFiles(next)).not.toEqual(files);
    expect(idsOf(await read(carFiles(next))).cars).toEqual((await expected()).cars);
  });

  it('makes no other seller vanish or repeat when one leaves between two files', async () => {
    const before = (await expected()).sellers;
    const files = sellerFiles(await index());
    expect(files).toHaveLength(2);
    const crawl = await read(files.slice(0, 1));
    // A seller of the first file sells every car: with OFFSET the next file would skip one.
    const first = await inRangeOf(files[0]!, 'u');
    await run(sql`update products set sold_at = now() where email = ${emailOf(first[0]!)}`);
    crawl.push(...(await read(files.slice(1))));
    expect(idsOf(crawl).sellers).toEqual(before);
  });

  it('answers the numbered names of the earlier index with the files of the index now', async () => {
    const files = await index();
    const cars = carFiles(files);
    const sellers = sellerFiles(files);
    for (const [kind, list] of [
      ['cars', cars],
      ['sellers', sellers],
    ] as const) {
      for (let n = 1; n <= list.length; n++) {
        const numbered = await get(`/sitemaps/${kind}-${n}.xml`);
        expect(numbered.statusCode).toBe(200);
        expect(numbered.body).toBe((await get(list[n - 1]!)).body);
      }
      const beyond = await get(`/sitemaps/${kind}-${list.length + 1}.xml`);
      expect(beyond.statusCode).toBe(404);
      expect(beyond.json().message).toBe(
        `No sitemap file ${kind}-${list.length + 1}.xml: the index lists ${list.length} ${kind} files`,
      );
    }
  });

  it('answers bad file names 404 and bad ranges 400, with what is wrong', async () => {
    const status = async (url: string) => {
      const response = await get(url);
      return { url, status: response.statusCode, message: response.json().message as string };
    };
    for (const url of [
      '/sitemaps/other.xml',
      '/sitemaps/cars-0.xml',
      '/sitemaps/cars-01.xml',
      '/sitemaps/cars-1234567.xml',
      '/sitemaps/cars-99999999999999999999.xml',
      '/sitemaps/cars.json',
    ]) {
      expect(await status(url)).toEqual({
        url,
        status: 404,
        message: expect.stringMatching(/^No sitemap file .*: \/sitemap.xml lists the files$/),
      });
    }
    expect(await status('/sitemaps/cars-999999.xml')).toMatchObject({ status: 404 });
    for (const query of [
      'from=%3Cscript%3E',
      `from=${'a'.repeat(65)}`,
      'from=',
      'from=a&from=b',
      'to=a%20b',
      "to=x'%3Bdrop%20table%20products",
    ]) {
      const end = query.slice(0, query.indexOf('='));
      expect(await status(`/sitemaps/cars.xml?${query}`)).toEqual({
        url: `/sitemaps/cars.xml?${query}`,
        status: 400,
        message: `${end}: one id (letters, digits, _ and -, at most 64)`,
      });
    }
    // Well-formed ranges no index listed: past every id, or ends the wrong way round.
    for (const query of [`from=${'z'.repeat(64)}`, 'from=b&to=a', `from=a&to=a`]) {
      expect(await status(`/sitemaps/sellers.xml?${query}`)).toEqual({
        url: `/sitemaps/sellers.xml?${query}`,
        status: 404,
        message:
          'No sitemap file sellers.xml for that range: no index of the last day lists it; ' +
          '/sitemap.xml lists the files',
      });
    }
  });
});
