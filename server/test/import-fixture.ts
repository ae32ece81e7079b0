/** Helpers of the inventory import's tests: dealers' files, their upload, waiting for a job. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { checkDigit } from '../src/vehicles/vin-check';
import type { TestContext, TestUser } from './helper';
import { multipartParts, zipOf } from './zip-fixture';

/** A North American VIN with its check digit, one per `n` (and `series`). */
export function vinFor(n: number, series = 'A'): string {
  const body = `5YJ3E1E${series}0KF${String(n).padStart(6, '0')}`;
  return body.slice(0, 8) + checkDigit(body) + body.slice(9);
}

/** A small JPEG of its own colour. */
export function photo(n: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** A dealer's car as a CSV row. */
export interface StockRow {
  vin: string;
  stock: string;
  make: string;
  model: string;
  year: string;
  mileage: string;
  price: string;
  condition: string;
  zip: string;
  photos: string;
}

const HEADER = 'VIN,Stock #,Make,Model,Year,Miles,Price,Condition,ZIP,Photos';

export function csvOf(rows: readonly StockRow[], header = HEADER): string {
  return [
    header,
    ...rows.map((r) =>
      [
        r.vin,
        r.stock,
        r.make,
        r.model,
        r.year,
        r.mileage,
        r.price,
        r.condition,
        r.zip,
        r.photos,
      ].join(','),
    ),
  ].join('\r\n');
}

/** `count` good rows of Teslas, each with its own photo `car-<n>.jpg`. */
export function stockRows(count: number, series = 'A'): StockRow[] {
  return Array.from({ length: count }, (_, i) => ({
    vin: vinFor(i + 1, series),
    stock: `${series}-${i + 1}`,
    make: 'Tesla',
    model: 'Model 3',
    year: String(2018 + (i % 5)),
    mileage: String(10000 + i * 1000),
    price: String(30000 + i * 100),
    condition: 'Good',
    zip: '78701',
    photos: `car-${i + 1}.jpg`,
  }));
}

/** The ZIP of the photos `car-1.jpg` … `car-<count>.jpg`. */
export async function photosZip(count: number): Promise<Buffer> {
  const entries = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `photos/car-${i + 1}.jpg`,
      data: await photo(i + 1),
    })),
  );
  return zipOf(entries);
}

/** `POST /api/imports` with these parts. */
export function upload(
  app: FastifyInstance,
  user: TestUser,
  files: { csv: string | Buffer; zip?: Buffer; mapping?: string; fileName?: string },
) {
  const parts = [
    { name: 'file', filename: files.fileName ?? 'stock.csv', type: 'text/csv', content: files.csv },
    ...(files.zip
      ? [{ name: 'photos', filename: 'photos.zip', type: 'application/zip', content: files.zip }]
      : []),
    ...(files.mapping ? [{ name: 'mapping', content: files.mapping }] : []),
  ];
  const { payload, headers } = multipartParts(parts);
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...headers, ...user.auth },
    payload,
  });
}

export interface ImportAnswer {
  _id: string;
  state: string;
  rowsTotal: number;
  rowsDone: number;
  summary: Record<string, number>;
  allowance: { listableToday: number; message: string | null };
  error: string | null;
  rows: {
    row: number;
    result: string;
    name: string | null;
    vin: string | null;
    price: number | null;
    changes: string[];
    field: string | null;
    reason: string | null;
    marketValue: number | null;
    rating: string | null;
    productId: string | null;
  }[];
}

/** The import once its state is one of `states` (polled as the web page does). */
export async function waitForImport(
  app: FastifyInstance,
  user: TestUser,
  id: string,
  states: readonly string[] = ['checked', 'done', 'failed'],
  timeoutMs = 60_000,
): Promise<ImportAnswer> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/imports/${id}`,
      headers: user.auth,
    });
    const body = response.json<ImportAnswer>();
    if (states.includes(body.state)) return body;
    if (Date.now() > end) throw new Error(`import ${id} still ${body.state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A one-row file of a car whose photo is on the image host already. */
export const csvFor = (imageUrl: string) =>
  `Make,Model,Year,Price,Condition,ZIP,Photos\nTesla,Model 3,2020,31000,Good,78701,${imageUrl}\n`;

/** The fixture's imports on the app of `ctx`. */
export function importFixture(ctx: TestContext, seller: TestUser, imageUrl: () => string) {
  const importsSettled = async () => {
    for (;;) {
      const result = (await ctx.database.db.execute(
        sql`select count(*)::int as n from imports where state in ('checking', 'applying')`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(result.rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    importsSettled,
    /** A new checked import of `seller`'s (one open before is discarded): its id. */
    freshImport: async () => {
      await importsSettled();
      await ctx.database.db.execute(sql`update imports set state = 'discarded'
        where user_id = ${seller._id} and state in ('checked')`);
      const started = await upload(ctx.app, seller, { csv: csvFor(imageUrl()) });
      if (started.statusCode !== 202) throw new Error(`POST /api/imports: ${started.body}`);
      const id = started.json<{ _id: string }>()._id;
      await waitForImport(ctx.app, seller, id);
      return id;
    },
  };
}
