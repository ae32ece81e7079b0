/**
 * 'Download my data': everything the marketplace keeps about one account, as one JSON document
 * written piece by piece. The database writes each row's JSON (`json_build_object`), read in
 * keyset pages of a few hundred rows, so an account with thousands of bookings and tens of
 * thousands of messages is never held in memory whole: at most one page of each at a time.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf as rows } from '../platform/db/rows';
import { dealerJsonSql } from './dealer-profiles';

/** Rows read per query. */
export const EXPORT_PAGE = 500;
/** How often an account may download its data. */
export const EXPORT_EVERY_MS = 10 * 60 * 1000;
/** Messages read per query (a page of bookings may hold thousands). */
const MESSAGE_PAGE = 1000;
/** How much JSON is gathered before it is handed to the response. */
const CHUNK_CHARS = 64 * 1024;

export interface ExportAccount {
  id: string;
  email: string;
}

/** One row: its JSON, and its keys for the next page. */
interface DocRow {
  doc: string;
  k: string;
}

interface MessageRow {
  doc: string;
  order_id: string;
  at: string;
  id: string;
}

/**
 * The rows of a query, page after page, in the order of their key `k` (unique in the query):
 * `page(after)` reads at most EXPORT_PAGE rows whose key is above `after` (null: from the start).
 */
async function* keyset(db: Db, page: (after: string | null) => SQL): AsyncGenerator<DocRow[]> {
  let after: string | null = null;
  for (;;) {
    const found: DocRow[] = await rows<DocRow>(db, page(after));
    if (found.length > 0) yield found;
    if (found.length < EXPORT_PAGE) return;
    after = found[found.length - 1]!.k;
  }
}

const above = (column: SQL, after: string | null) =>
  after === null ? sql`true` : sql`${column} > ${after}`;

/** The account's cars, each with its price history. */
function cars(db: Db, account: ExportAccount) {
  return keyset(
    db,
    (after) => sql`
    select p.id as k, json_build_object(
      'id', p.id, 'carName', p.car_name, 'make', p.category_name, 'model', p.model,
      'modelYear', p.model_year, 'trim', p."trim", 'vin', p.vin, 'mileage', p.mileage,
      'condition', p.condition, 'originalPrice', p.original_price, 'price', p.resale_price,
      'location', p.product_location, 'yearsUsed', p.user_years,
      'description', p.product_description, 'sellerName', p.seller_name, 'photos', p.photos,
      'postedAt', p.created_at, 'updatedAt', p.updated_at, 'soldAt', p.sold_at,
      'hidden', p.hidden, 'hiddenReason', p.hidden_reason,
      'priceHistory', coalesce((
        select json_agg(json_build_object(
          'price', h.price, 'previousPrice', h.previous_price, 'changedAt', h.changed_at)
          order by h.changed_at, h.id)
        from price_history h where h.product_id = p.id), '[]'::json))::text as doc
    from products p
    where p.email = ${account.email} and ${above(sql`p.id`, after)}
    order by p.id limit ${EXPORT_PAGE}`,
  );
}

/** A page of the account's bookings (as buyer and as seller), without their messages. */
function bookingPages(db: Db, account: ExportAccount) {
  return keyset(
    db,
    (after) => sql`
    select o.id as k, json_build_object(
      'id', o.id, 'role', case when o.buyer_id = ${account.id} then 'buyer' else 'seller' end,
      'status', o.status, 'carId', o.product_id, 'carName', o.product_name,
      'price', o.product_price, 'createdAt', o.created_at, 'history', o.history,
      'reason', o.reason, 'buyerName', o.buyer_name, 'buyerEmail', o.buyer_email,
      'sellerName', o.seller_name, 'sellerEmail', o.seller_email,
      'phone', o.phone, 'meetLocation', o.meet_location)::text as doc
    from orders o
    where (o.buyer_id = ${account.id} or o.seller_id = ${account.id})
      and ${above(sql`o.id`, after)}
    order by o.id limit ${EXPORT_PAGE}`,
  );
}

/** The messages of some bookings, in booking, then time order, a page at a time. */
async function* messagesOf(
  db: Db,
  account: ExportAccount,
  bookingIds: string[],
): AsyncGenerator<MessageRow> {
  const ids = sql.join(
    bookingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  let after: MessageRow | null = null;
  for (;;) {
    const from: SQL = after
      ? sql`(m.order_id, m.created_at, m.id) > (${after.order_id}, ${after.at}::timestamptz, ${after.id})`
      : sql`true`;
    const found: MessageRow[] = await rows<MessageRow>(
      db,
      sql`
      select m.order_id, m.created_at::text as at, m.id, json_build_object(
        'from', m.sender_name, 'mine', coalesce(m.sender_id = ${account.id}, false),
        'text', m.text, 'at', m.created_at)::text as doc
      from messages m
      where m.order_id in (${ids}) and ${from}
      order by m.order_id, m.created_at, m.id limit ${MESSAGE_PAGE}`,
    );
    yield* found;
    if (found.length < MESSAGE_PAGE) return;
    after = found[found.length - 1]!;
  }
}

/** Each booking's JSON with its messages, one booking at a time. */
async function* bookings(db: Db, account: ExportAccount): AsyncGenerator<string> {
  for await (const page of bookingPages(db, account)) {
    const messages = messagesOf(
      db,
      account,
      page.map((row) => row.k),
    );
    let next = await messages.next();
    for (const booking of page) {
      // The booking's object, its last brace replaced by its messages.
      let text = `${booking.doc.slice(0, -1)},"messages":[`;
      let first = true;
      while (!next.done && next.value.order_id === booking.k) {
        text += (first ? '' : ',') + next.value.doc;
        first = false;
        next = await messages.next();
      }
      yield `${text}]}`;
    }
  }
}

/** A simple section: every row of the account's, in the order of `key`. */
function section(db: Db, select: SQL, from: SQL, key: SQL) {
  return keyset(
    db,
    (after) => sql`
    select ${key} as k, ${select}::text as doc
    ${from} and ${above(key, after)}
    order by ${key} limit ${EXPORT_PAGE}`,
  );
}

/** The account's record as it is kept. */
async function accountDoc(db: Db, account: ExportAccount): Promise<string> {
  const [row] = await rows<{ doc: string }>(
    db,
    sql`
    select json_build_object(
      'id', id, 'name', name, 'email', email, 'role', user_role, 'photo', user_img,
      'verifiedSeller', user_verify = 'true', 'createdAt', created_at, 'zip', zip,
      'suspendedAt', suspended_at, 'suspendReason', suspend_reason,
      'dealer', ${dealerJsonSql(sql`users.id`)})::text as doc
    from users where id = ${account.id}`,
  );
  return row?.doc ?? 'null';
}

type Section = AsyncIterable<DocRow[] | string>;

function sections(db: Db, account: ExportAccount): [string, Section][] {
  const { id } = account;
  const review = sql`'id', r.id, 'bookingId', r.order_id, 'carId', r.product_id,
    'carName', r.product_name, 'rating', r.rating, 'text', r.text, 'createdAt', r.created_at,
    'reply', r.reply, 'repliedAt', r.replied_at, 'hidden', r.hidden_at is not null`;
  return [
    ['cars', cars(db, account)],
    ['bookings', bookings(db, account)],
    [
      'savedCars',
      section(
        db,
        sql`json_build_object('carId', s.product_id, 'carName', s.car_name,
          'carPhoto', s.car_photo, 'priceWhenSaved', s.saved_price, 'savedAt', s.saved_at,
          'alerts', s.alerts)`,
        sql`from saved_cars s where s.user_id = ${id}`,
        sql`s.product_id`,
      ),
    ],
    [
      'savedSearches',
      section(
        db,
        sql`json_build_object('id', s.id, 'name', s.name, 'query', s.query,
          'notify', s.notify, 'createdAt', s.created_at, 'openedAt', s.opened_at)`,
        sql`from saved_searches s where s.user_id = ${id}`,
        sql`s.id`,
      ),
    ],
    [
      'notifications',
      section(
        db,
        sql`json_build_object('id', n.id, 'kind', n.kind, 'text', n.text,
          'bookingId', n.order_id, 'carId', n.product_id, 'createdAt', n.created_at,
          'readAt', n.read_at)`,
        sql`from notifications n where n.user_id = ${id}`,
        sql`n.id`,
      ),
    ],
    [
      'reviewsWritten',
      section(
        db,
        sql`json_build_object(${review}, 'sellerId', r.seller_id)`,
        sql`from reviews r where r.buyer_id = ${id}`,
        sql`r.id`,
      ),
    ],
    [
      'reviewsReceived',
      section(
        db,
        sql`json_build_object(${review}, 'buyerName', r.buyer_name)`,
        sql`from reviews r where r.seller_id = ${id}`,
        sql`r.id`,
      ),
    ],
    [
      'reports',
      section(
        db,
        sql`json_build_object('id', r.id, 'targetKind', r.target_kind,
          'targetId', r.target_id, 'reason', r.reason, 'details', r.details,
          'createdAt', r.created_at, 'closedAt', r.closed_at, 'outcome', r.outcome)`,
        sql`from reports r where r.reporter_id = ${id}`,
        sql`r.id`,
      ),
    ],
    [
      // Decisions about the account, its cars and its reviews: what and why, not who asked.
      'moderation',
      section(
        db,
        sql`json_build_object('id', a.id, 'action', a.action, 'targetKind', a.target_kind,
          'targetId', a.target_id, 'reason', a.reason, 'at', a.created_at)`,
        sql`from moderation_actions a where (
          (a.target_kind = 'user' and a.target_id = ${id})
          or (a.target_kind = 'product'
              and a.target_id in (select p.id from products p where p.email = ${account.email}))
          or (a.target_kind = 'review'
              and a.target_id in (select r.id from reviews r where r.buyer_id = ${id})))`,
        sql`a.id`,
      ),
    ],
  ];
}

/**
 * The account's data as JSON text, in chunks of about 64 KB: `exportedAt`, `account`, `cars`
 * (with their price history), `bookings` (with their messages), `savedCars`, `savedSearches`,
 * `notifications`, `reviewsWritten`, `reviewsReceived`, `reports` and `moderation`.
 */
export async function* exportAccount(db: Db, account: ExportAccount): AsyncGenerator<string> {
  let chunk = `{"exportedAt":${JSON.stringify(new Date().toISOString())}`;
  chunk += `,"account":${await accountDoc(db, account)}`;
  for (const [name, rowsOfSection] of sections(db, account)) {
    chunk += `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const part of rowsOfSection) {
      const docs = typeof part === 'string' ? [part] : part.map((row) => row.doc);
      for (const doc of docs) {
        chunk += (first ? '' : ',') + doc;
        first = false;
      }
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    chunk += ']';
  }
  yield `${chunk}}`;
}

/** The key a download of an account's data is counted under (with the rate limits' windows). */
export const exportKey = (id: string) => `export:user:${id}`;
