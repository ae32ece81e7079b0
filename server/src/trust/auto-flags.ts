/**
 * Automatic flags: when a car is posted or edited, the marketplace itself puts it in
 * the moderators' queue (a report without a reporter, one open per reason and car) when
 * - 'same_vin': its VIN is on another seller's live listing;
 * - 'same_photo': one of its photos on the image host is, by perceptual hash, one of another
 *   seller's live listing's photos;
 * - 'low_price': its price is under 30 % of its market value;
 * - 'listing_burst': it is one of a burst of like listings from new accounts (burst-flags.ts);
 * and a new account's 4th and later cars on its first day wait for approval ('new_seller',
 * `hidden = 'pending'`). A flag changes nothing the catalogue shows: the car stays for sale
 * until a moderator acts. The checks run after the seller's write and never fail it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { forSaleAs } from '../platform/db/for-sale';
import { rowsOf } from '../platform/db/rows';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import type { FLAG_REASONS } from '../platform/db/schema';
import type { ImageStore } from '../images/image-files';
import { samePhotoAs } from './photo-flags';
import { ensurePhotoHashes } from '../images/photo-hashes';
import type { ImageWork } from '../images/image-work';
import { listingBurst } from './burst-flags';
import type { MarketTrust } from '../valuation/market-trust';

/** A price under this share of the car's market value is flagged. */
export const LOW_PRICE_SHARE = 0.3;
/** An account's first day: its cars past the day's allowance wait for approval. */
export const NEW_SELLER_HOURS = 24;

type FlagReason = (typeof FLAG_REASONS)[number];

/** What the routes that post and edit cars pass for the checks. */
export interface AutoFlagOptions {
  /** The image host's files (a photo stored before its hash was kept is hashed on first use). */
  images: ImageStore;
  /** `NEW_SELLER_DAILY_CARS`: cars a new account posts freely on its first day (0: no limit). */
  newSellerDailyCars: number;
  /** What makes a burst of new accounts' listings (`LISTING_BURST_…`). */
  marketTrust: MarketTrust;
}

/** The 'new_seller' flag's details. */
export const newSellerDetails = (n: number) =>
  `A new account's car number ${n} on its first day: waiting for approval`;

/** Writes the flag unless the car has that flag open already. */
export async function flag(db: Db, productId: string, reason: FlagReason, details: string) {
  await db.execute(sql`
    insert into reports (id, target_kind, target_id, reporter_id, reason, details)
    values (${newId()}, 'product', ${productId}, null, ${reason}, ${details.slice(0, 1000)})
    on conflict do nothing`);
}

/**
 * Whether the account's next car must wait for approval: the account is in its first
 * NEW_SELLER_HOURS and already posted `allowance` cars (0: never). Answers its number, or null.
 */
export async function newSellerHold(
  db: Db,
  userId: string,
  allowance: number,
): Promise<number | null> {
  if (allowance <= 0) return null;
  const [row] = await rowsOf<{ fresh: boolean; cars: number }>(
    db,
    sql`
    select u.created_at > now() - make_interval(hours => ${NEW_SELLER_HOURS}) as fresh,
      (select count(*)::int from products p where p.email = u.email) as cars
    from users u where u.id = ${userId}`,
  );
  if (!row?.fresh || row.cars < allowance) return null;
  return row.cars + 1;
}

const OTHER_LIVE = forSaleAs('o');

async function sameVin(db: Db, productId: string) {
  const [other] = await rowsOf<{ id: string; vin: string }>(
    db,
    sql`
    select o.id, o.vin from products p
    join products o on o.vin = p.vin and o.email <> p.email and o.id <> p.id and ${OTHER_LIVE}
    where p.id = ${productId} and p.vin is not null
    order by o.created_at, o.id limit 1`,
  );
  return other ? `VIN ${other.vin} is also on listing ${other.id}` : null;
}

async function lowPrice(db: Db, productId: string) {
  // The car's stored market value; a car too new to have one yet (the values are refreshed
  // after each catalogue change) is measured by the median stored value of its make and model.
  const [row] = await rowsOf<{ price: number; value: number | null }>(
    db,
    sql`
    select p.resale_price as price, coalesce(
      (select mv.value from market_values mv where mv.product_id = p.id),
      (select percentile_cont(0.5) within group (order by mv.value) from market_values mv
        where lower(mv.make) = lower(p.category_name)
          and mv.model = lower(regexp_replace(trim(p.model), '\\s+', ' ', 'g')))
    ) as value
    from products p where p.id = ${productId}`,
  );
  if (!row || row.value === null) return null;
  const value = Number(row.value);
  if (!(value > 0) || row.price >= value * LOW_PRICE_SHARE) return null;
  const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
  return `Price ${dollars(row.price)} is under 30 % of its market value ${dollars(value)}`;
}

export interface FlagContext {
  db: Db;
  images: ImageStore;
  /** The image work's bounded line, where a photo stored before hashes were kept is hashed. */
  work?: ImageWork;
  log: FastifyBaseLogger;
  /** What makes a burst of new accounts' listings; absent: no burst is looked for. */
  trust?: MarketTrust;
}

/** The checks' context for a request of `app`'s routes, with the flags' options. */
export function flagContextFor(
  app: FastifyInstance,
  flags: AutoFlagOptions,
  log: FastifyBaseLogger,
): FlagContext {
  return { db: app.db, images: flags.images, work: app.imageWork, log, trust: flags.marketTrust };
}

/**
 * Checks a car just posted or edited and writes its flags. Never throws: a failed check is
 * logged, and the seller's write stands.
 */
export async function checkCar(context: FlagContext, productId: string): Promise<void> {
  const { db, images, log, trust, work } = context;
  const checks: [FlagReason, () => Promise<string | null>][] = [
    ['same_vin', () => sameVin(db, productId)],
    [
      'same_photo',
      async () => {
        await ensurePhotoHashes(db, images, productId, work);
        return samePhotoAs(db, productId);
      },
    ],
    ['low_price', () => lowPrice(db, productId)],
  ];
  for (const [reason, check] of checks) {
    try {
      const details = await check();
      if (details) await flag(db, productId, reason, details);
    } catch (error) {
      log.warn({ err: error, productId, reason }, 'automatic flag check failed');
    }
  }
  if (!trust) return;
  try {
    // Every car of the burst is flagged, the ones posted before it was one too.
    const burst = await listingBurst(db, productId, trust);
    for (const id of burst?.ids ?? []) await flag(db, id, 'listing_burst', burst!.details);
  } catch (error) {
    log.warn({ err: error, productId, reason: 'listing_burst' }, 'automatic flag check failed');
  }
}
