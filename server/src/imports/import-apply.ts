/**
 * Applying a checked import: each new or updated row written through the cars' own repository
 * code (productWrites: the price history's triggers and the price-drop rule follow any price
 * change, as for the seller's edit). Rows are written APPLY_BATCH at a time in one transaction,
 * each car with its row's done marker (a row refused by the database, such as a VIN listed
 * meanwhile, rolls back to its own savepoint and is marked refused), so a restart goes on after
 * the last batch written and never writes a car twice; the work a catalogue change sets off
 * (the market refresh, the alert matcher) then follows a batch, not every car. The work goes in
 * short slices (a row's photos, a batch, one car's automatic flags' checks), and between two of
 * them the server's requests go first (import-yield.ts). Then, for 'whole stock', the dealer's other cars
 * deleted as the seller's Delete does; then the result mailed.
 */
import { sql } from 'drizzle-orm';
import type { ZipFile } from 'yauzl';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { rowsOf } from '../platform/db/rows';
import {
  productWrites,
  VinAlreadyListed,
  type ProductChanges,
} from '../cars/product-writes-repository';
import { dealerOf, type Dealer, type ImportJobDeps } from './import-job-deps';
import { summaryOf } from './import-check';
import { storedPhotos } from './import-photos';
import { RowRefused, type RowCar } from './import-row-check';
import type { ImportRecord, ImportRow } from './import-repository';
import { openPhotos, type ZipPhoto } from './import-zip';
import { importMail } from './import-mail';
import { turn, yieldToRequests } from './import-yield';

/** The most rows written in one transaction. */
export const APPLY_BATCH = 25;
/**
 * About how long one batch's transaction may take (ms): a batch holds the database from the
 * requests (an embedded one runs one query at a time, and a request's queries each wait for the
 * batch in progress), so the next batch has as many rows as the last batch's time per row lets
 * fit in this time (at least one).
 */
export const BATCH_BUDGET_MS = 25;

type Photos = { zip: ZipFile; photos: Map<string, ZipPhoto> } | null;

/** The columns a row's fields change (only those its file gives). */
function changesFor(car: RowCar, photos: string[]): ProductChanges {
  const given = new Set(car.given);
  const changes: ProductChanges = {};
  if (given.has('make') || given.has('vin')) changes.categoryName = car.make;
  if (given.has('vin')) changes.vin = car.vin;
  if (given.has('model') || given.has('vin')) changes.model = car.model;
  if (given.has('year') || given.has('vin')) changes.modelYear = car.modelYear;
  if (given.has('trim')) changes.trim = car.trim;
  if (given.has('mileage')) changes.mileage = car.mileage;
  if (given.has('price')) changes.resalePrice = car.price;
  if (given.has('colour')) changes.exteriorColor = car.colour;
  if (given.has('condition')) changes.condition = car.condition;
  if (given.has('zip') && car.zip) {
    Object.assign(changes, { zip: car.zip, latitude: car.latitude, longitude: car.longitude });
    changes.productLocation = car.location;
  }
  if (given.has('description')) changes.productDescription = car.description;
  if (given.has('name')) changes.carName = car.name;
  if (given.has('photos')) Object.assign(changes, { photos, carPhoto: photos[0] });
  return changes;
}

/** Writes one row's car and its done marker in `db`'s savepoint; answers the car's id. */
async function writeRow(
  db: Db,
  dealer: Dealer,
  importId: string,
  row: ImportRow,
  photos: string[],
) {
  const car = row.car!;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const writes = productWrites(tx);
    // The car as it is now (the dry run's match may have changed since): same VIN, else stock.
    const [found] = await rowsOf<{ id: string }>(
      tx,
      sql`select p.id from products p left join product_stock_numbers s on s.product_id = p.id
        where p.email = ${dealer.email} and p.sold_at is null
          and ((${car.vin}::text is not null and p.vin = ${car.vin})
            or (${car.stockNumber}::text is not null and s.stock_number = ${car.stockNumber}))
        order by (p.vin = ${car.vin}) desc nulls last limit 1`,
    );
    let id: string;
    if (found) {
      id = found.id;
      const changes = changesFor(car, photos);
      if (Object.keys(changes).length > 0) await writes.update(id, changes);
    } else {
      id = await writes.insert({
        carName: car.name,
        carPhoto: photos[0]!,
        photos,
        categoryName: car.make,
        condition: car.condition,
        originalPrice: car.price,
        resalePrice: car.price,
        productLocation: car.location,
        zip: car.zip,
        latitude: car.latitude,
        longitude: car.longitude,
        userYears:
          car.modelYear === null ? 0 : Math.max(0, new Date().getUTCFullYear() - car.modelYear),
        postTime: new Date().toLocaleString('en-US'),
        productDescription: car.description,
        sellerName: dealer.name,
        sellerPhoto: dealer.userImg,
        email: dealer.email,
        vin: car.vin,
        model: car.model,
        modelYear: car.modelYear,
        trim: car.trim,
        exteriorColor: car.colour,
        mileage: car.mileage,
      });
    }
    if (car.stockNumber) {
      // A sold car of the same stock number gives it up.
      await tx.execute(sql`delete from product_stock_numbers where email = ${dealer.email}
        and stock_number = ${car.stockNumber} and product_id <> ${id}`);
      await tx.execute(sql`insert into product_stock_numbers (product_id, email, stock_number)
        values (${id}, ${dealer.email}, ${car.stockNumber})
        on conflict (product_id) do update set stock_number = excluded.stock_number`);
    }
    await tx.execute(sql`update import_rows set applied = true, product_id = ${id}
      where import_id = ${importId} and row = ${row.row}`);
    return id;
  });
}

async function refuseRow(db: Db, importId: string, row: ImportRow, refusal: RowRefused) {
  Object.assign(row, { result: 'refused', field: refusal.field, reason: refusal.reason });
  await db.execute(sql`update import_rows set applied = true, result = 'refused',
      field = ${refusal.field}, reason = ${refusal.reason}
    where import_id = ${importId} and row = ${row.row}`);
}

/** The dealer's other cars not sold deleted (whole stock); answers how many. */
async function removeOthers(deps: ImportJobDeps, dealer: Dealer, rows: ImportRow[]) {
  const keep = new Set(rows.map((row) => row.productId).filter((id) => id !== null));
  const cars = await rowsOf<{ id: string }>(
    deps.app.db,
    sql`select id from products where email = ${dealer.email} and sold_at is null`,
  );
  let removed = 0;
  for (const car of cars) {
    if (keep.has(car.id)) continue;
    removed += await deps.app.repos.products.delete(car.id);
  }
  return removed;
}

/** A row to write with its photos' URLs, or why it is refused. */
type Prepared = { row: ImportRow; urls: string[] } | { row: ImportRow; refusal: RowRefused };

/** The rows' photos stored (outside any transaction: image work takes its time). */
async function preparedRows(
  deps: ImportJobDeps,
  dealer: Dealer,
  rows: ImportRow[],
  photos: Photos,
): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (const row of rows) {
    try {
      prepared.push({ row, urls: await storedPhotos(deps, dealer._id, row.car!.photos, photos) });
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      prepared.push({ row, refusal: error });
    }
    await turn();
  }
  return prepared;
}

/**
 * Writes a batch in one transaction, each row in a savepoint of its own, with the import's
 * progress; answers the ids of the cars written.
 */
async function writeBatch(
  deps: ImportJobDeps,
  dealer: Dealer,
  importId: string,
  batch: Prepared[],
  done: number,
): Promise<string[]> {
  const written: string[] = [];
  await deps.app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const item of batch) {
      if ('refusal' in item) {
        await refuseRow(tx, importId, item.row, item.refusal);
        continue;
      }
      try {
        item.row.productId = await writeRow(tx, dealer, importId, item.row, item.urls);
        written.push(item.row.productId);
      } catch (error) {
        if (error instanceof VinAlreadyListed) {
          await refuseRow(tx, importId, item.row, new RowRefused('vin', error.message));
        } else if (error instanceof RowRefused) {
          await refuseRow(tx, importId, item.row, error);
        } else throw error;
      }
    }
    await deps.imports.progressIn(tx, importId, done + batch.length);
  });
  return written;
}

/** Applies `record`; answers false when it left off (the process is stopping). */
export async function runApply(deps: ImportJobDeps, record: ImportRecord): Promise<boolean> {
  const { app, imports } = deps;
  const dealer = await dealerOf(app.db, record.userId);
  if (!dealer) return true;
  const rows = await imports.rows(record.id);
  const photos: Photos = record.photosPath ? await openPhotos(record.photosPath) : null;
  try {
    const toWrite = rows.filter(
      (row) => (row.result === 'new' || row.result === 'updated') && !row.applied,
    );
    let done = rows.length - toWrite.length;
    await imports.progress(record.id, done);
    const most = deps.batch ?? APPLY_BATCH;
    let size = 1;
    for (let at = 0; at < toWrite.length;) {
      if (deps.stopping()) return false;
      const batch = await preparedRows(deps, dealer, toWrite.slice(at, at + size), photos);
      const started = performance.now();
      const written = await writeBatch(deps, dealer, record.id, batch, done);
      const perRow = (performance.now() - started) / batch.length;
      size = Math.max(1, Math.min(most, Math.floor(BATCH_BUDGET_MS / perRow)));
      at += batch.length;
      done += batch.length;
      await yieldToRequests(deps.requests);
      // The automatic flags' checks read the cars as committed; each car's are a slice of its own.
      for (const id of written) {
        await deps.checks.afterWrite(id, app.log);
        await turn();
      }
    }
  } finally {
    photos?.zip.close();
  }
  const removed = record.wholeStock ? await removeOthers(deps, dealer, rows) : 0;
  const summary = summaryOf(rows, removed);
  await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`update imports set state = 'done', summary = ${JSON.stringify(summary)}::jsonb,
        rows_done = rows_total, claimed_by = null, finished_at = now()
      where id = ${record.id} and state = 'applying'`);
    const mail = importMail(record.fileName, summary, deps.photoOrigins.publicOrigin);
    await tx.execute(sql`insert into outbox (id, to_email, subject, body, user_id)
      values (${newId()}, ${dealer.email}, ${mail.subject}, ${mail.text}, ${dealer._id})`);
  });
  return true;
}
