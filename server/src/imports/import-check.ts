/**
 * The dry run: every row of the file checked and compared with the dealer's cars, written as its
 * result (new, updated with the fields that change, unchanged, refused with the field and why,
 * or over the day's allowance), with the market value and rating it would get. Writes nothing
 * but the import's own rows; run again from the start after a restart or a new mapping.
 */
import { dealerOf, jobDecoder, type ImportJobDeps } from './import-job-deps';
import { readCsv } from './import-csv';
import { cellsByField, checkRow, RowRefused, type RowCar } from './import-row-check';
import { normaliseVin } from '../vehicles/vin-check';
import { openPhotos, type ZipPhoto } from './import-zip';
import { changesOf, dealerStock, marketValuer } from './import-stock';
import type { ImportRecord, ImportRow, ImportSummary } from './import-repository';
import { turn } from './import-yield';

/** Rows written to the database at once (and progress told). */
const BATCH = 50;

const refused = (row: number, field: string, reason: string): ImportRow => ({
  row,
  result: 'refused',
  name: null,
  vin: null,
  stockNumber: null,
  price: null,
  changes: [],
  field,
  reason,
  marketValue: null,
  rating: null,
  productId: null,
  car: null,
});

const thousands = (n: number) => n.toLocaleString('en-US');

/** What the dealer is told of the day's allowance (null: every new car fits). */
export function allowanceMessage(listable: number, verified: boolean, limit: number) {
  return verified
    ? `${thousands(listable)} of these can be listed today; a dealer imports up to ${thousands(limit)} cars a day`
    : `${thousands(listable)} of these can be listed today; a verified dealer imports up to 2,000`;
}

/** The photo URLs a row's photos have if already stored (null: one is not yet). */
async function knownUrls(deps: ImportJobDeps, userId: string, car: RowCar) {
  const urls: string[] = [];
  for (const photo of car.photos) {
    const url =
      'url' in photo ? photo.url : await deps.imports.storedPhoto(userId, photo.crc32, photo.size);
    if (!url) return null;
    urls.push(url);
  }
  return urls;
}

/** Runs the dry run of `record`; answers false when it left off (the process is stopping). */
export async function runCheck(deps: ImportJobDeps, record: ImportRecord): Promise<boolean> {
  const { app, imports } = deps;
  const dealer = await dealerOf(app.db, record.userId);
  if (!dealer) return true;
  const table = await readCsv(record.csv, record.delimiter);
  let photos: Map<string, ZipPhoto> | null = null;
  if (record.photosPath) {
    const opened = await openPhotos(record.photosPath);
    photos = opened.photos;
    opened.zip.close();
  }
  const makes = new Map(
    (await app.repos.products.listCategories()).map((c) => [
      c.categoryName.toLowerCase(),
      c.categoryName,
    ]),
  );
  const now = new Date();
  const context = {
    makes,
    photos,
    photoOrigins: deps.photoOrigins,
    decode: jobDecoder(deps),
    place: (zip: string) => app.repos.places.ofZip(zip),
    now,
  };
  const stock = await dealerStock(app.db, dealer.email);
  const value = marketValuer(app.db, now);
  const seen = new Map<string, number>();
  await imports.clearRows(record.id);
  const results: ImportRow[] = [];
  for (const { line, cells } of table.rows) {
    if (deps.stopping()) return false;
    let row: ImportRow;
    try {
      const car = await checkRow(record.columns, cells, context);
      for (const [field, key] of [
        ['vin', car.vin],
        ['stockNumber', car.stockNumber],
      ] as const) {
        const first = key && seen.get(`${field}:${key}`);
        if (first) throw new RowRefused(field, `the same as row ${first}'s`);
        if (key) seen.set(`${field}:${key}`, line);
      }
      const match = stock.match(car);
      if (!match && !car.zip) throw new RowRefused('zip', "required (the car's US ZIP code)");
      const changes = match ? changesOf(match, car, await knownUrls(deps, dealer._id, car)) : [];
      row = {
        row: line,
        result: !match ? 'new' : changes.length > 0 ? 'updated' : 'unchanged',
        name: car.name,
        vin: car.vin,
        stockNumber: car.stockNumber,
        price: car.price,
        changes,
        field: null,
        reason: null,
        ...(await value(car)),
        productId: match?.id ?? null,
        car,
      };
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      row = refused(line, error.field, error.reason);
      // A refused row of a car the dealer has keeps that car in a 'whole stock' import.
      const raw = cellsByField(record.columns, cells);
      const vin = normaliseVin(raw.get('vin') ?? '');
      row.productId =
        stock.match({ vin: vin || null, stockNumber: raw.get('stockNumber') || null })?.id ?? null;
    }
    results.push(row);
    if (results.length % BATCH === 0) await imports.progress(record.id, results.length);
    await turn();
  }
  // The day's allowance: the new cars past it are not listed.
  const limit = dealer.verified ? deps.allowance.verified : deps.allowance.unverified;
  const listable = Math.max(0, limit - (await imports.importedToday(dealer._id)));
  const fresh = results.filter((row) => row.result === 'new');
  const message =
    fresh.length > listable ? allowanceMessage(listable, dealer.verified, limit) : null;
  for (const row of fresh.slice(listable)) {
    Object.assign(row, { result: 'over-allowance', field: null, reason: message });
  }
  for (let i = 0; i < results.length; i += BATCH) {
    await imports.addRows(record.id, results.slice(i, i + BATCH));
  }
  await imports.finishCheck(record.id, summaryOf(results), { listableToday: listable, message });
  return true;
}

/** The counts of a file's results (over the allowance counts as refused: it is not listed). */
export function summaryOf(rows: readonly ImportRow[], removed = 0): ImportSummary {
  const count = (...results: string[]) => rows.filter((row) => results.includes(row.result)).length;
  return {
    new: count('new'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused', 'over-allowance'),
    removed,
  };
}
