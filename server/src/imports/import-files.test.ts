/**
 * Bad files as a dealer sends them: each answered 400 or 413 with a message naming what is
 * wrong, and nothing changed (no import, no car); a good file in another spelling (semicolons,
 * a byte order mark, headers in other words) accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { csvOf, photo, stockRows, upload, waitForImport } from '../../test/import-fixture';
import { zipOf } from '../../test/zip-fixture';

describe(`inventory import's bad files (${databaseKind})`, () => {
  /** Where the imports' ZIPs are kept (removed at the end). */
  const importDir = mkdtempSync(join(tmpdir(), 'cardealer-imports-'));
  let ctx: TestContext;
  let dealer: TestUser;
  const good = csvOf(stockRows(2));

  beforeAll(async () => {
    ctx = await buildTestApp({ importDir });
    dealer = await registerUser(ctx.app, 'Seller', 'dealer');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(importDir, { recursive: true, force: true });
  });

  const wide = ['VIN', 'Make', ...Array.from({ length: 8 }, (_, i) => `Extra ${i}`)].join(',');
  const cases: [string, () => Promise<Parameters<typeof upload>[2]>, number, RegExp][] = [
    [
      'not a CSV (a picture)',
      async () => ({ csv: await photo(1) }),
      400,
      /^file: this is not a CSV file/,
    ],
    [
      'not UTF-8 (Latin-1)',
      async () => ({ csv: Buffer.from('Make,Model\nCitro\xebn,C4\n', 'latin1') }),
      400,
      /^file: the CSV is not UTF-8 text/,
    ],
    [
      'a row of 300 columns',
      async () => ({ csv: `${wide}\n${Array.from({ length: 300 }, () => 'x').join(',')}\n` }),
      400,
      /^file: row 2 has 300 columns; a CSV may have at most 60$/,
    ],
    [
      'a formula in a cell',
      async () => ({ csv: `${good}\r\n=SUM(A1:A9),1,Tesla,,,,,,,` }),
      400,
      /^file: row 4, column 'VIN' starts with =, \+, -, or @/,
    ],
    [
      'a CSV over 5 MB',
      async () => ({ csv: `${good}\r\n${'x'.repeat(5 * 1024 * 1024)}` }),
      413,
      /^file: the CSV is larger than 5 MB$/,
    ],
    [
      'over 2,000 rows',
      async () => ({ csv: csvOf(stockRows(2001)) }),
      413,
      /^file: the CSV has more than 2000 rows$/,
    ],
    [
      'a ZIP bomb',
      async () => ({
        csv: good,
        zip: zipOf([{ name: 'car-1.jpg', data: Buffer.alloc(4 * 1024 * 1024), deflate: true }]),
      }),
      400,
      /^photos: 'car-1.jpg' unpacks to far more than its size \(a ZIP bomb\?\)$/,
    ],
    [
      'an entry outside the archive',
      async () => ({ csv: good, zip: zipOf([{ name: '../car-1.jpg', data: await photo(1) }]) }),
      400,
      /^photos: .*outside the archive$/,
    ],
    [
      'a photo that is not an image',
      async () => ({
        csv: good,
        zip: zipOf([{ name: 'car-1.jpg', data: Buffer.from('#!/bin/sh\necho hello\n') }]),
      }),
      400,
      /^photos: 'car-1.jpg' is not a photo \(JPEG, PNG, WebP or GIF\)$/,
    ],
    [
      'a file that is not a photo',
      async () => ({ csv: good, zip: zipOf([{ name: 'notes.txt', data: Buffer.from('hi') }]) }),
      400,
      /^photos: 'notes.txt' is not a photo/,
    ],
    [
      'photos that are no ZIP',
      async () => ({ csv: good, zip: Buffer.from('not a zip at all') }),
      400,
      /^photos: this is not a ZIP archive$/,
    ],
    [
      'a mapping that is not JSON',
      async () => ({ csv: good, mapping: '{nope' }),
      400,
      /^mapping: must be a JSON object/,
    ],
    [
      'a mapping to no field',
      async () => ({ csv: good, mapping: '{"VIN": "chassis"}' }),
      400,
      /^mapping: 'VIN' maps to 'chassis', which is not one of vin, stockNumber/,
    ],
  ];

  it.each(cases)(
    'refuses %s with a message and changes nothing',
    async (_name, files, status, message) => {
      const response = await upload(ctx.app, dealer, await files());
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
      const current = await ctx.app.inject({ url: '/api/imports/current', headers: dealer.auth });
      expect(current.statusCode).toBe(404);
    },
  );

  it('refuses a body that is not multipart, and a buyer', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: dealer.auth,
      payload: { file: good },
    });
    expect(json.statusCode).toBe(415);
    const buyer = await registerUser(ctx.app, 'Buyer');
    const refused = await upload(ctx.app, buyer, { csv: good });
    expect(refused.statusCode).toBe(403);
  });

  it('reads semicolons, a byte order mark and headers in other words', async () => {
    const csv =
      '\ufeffNuméro VIN;Marque;Modèle;Année;Odometer;Prix;Condition;Postcode;Images\n' +
      '5YJ3E1EA0KF000001;tesla;Model 3;2019;12,000;"31,400";excellent;78701;/image-host/i/' +
      `${'a'.repeat(64)}.jpg\n`;
    const mapping = JSON.stringify({
      'Numéro VIN': 'vin',
      Marque: 'make',
      Modèle: 'model',
      Année: 'year',
      Prix: 'price',
    });
    const started = await upload(ctx.app, dealer, { csv, mapping });
    expect(started.statusCode).toBe(202);
    expect(started.json().columns.map((c: { field: string }) => c.field)).toEqual([
      'vin',
      'make',
      'model',
      'year',
      'mileage',
      'price',
      'condition',
      'zip',
      'photos',
    ]);
    const checked = await waitForImport(ctx.app, dealer, started.json()._id);
    expect(checked.rows[0]).toMatchObject({ result: 'refused', field: 'vin' });
    expect(checked.rows[0]!.reason).toMatch(/check digit/);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/imports/${checked._id}`,
      headers: dealer.auth,
    });
  });
});
