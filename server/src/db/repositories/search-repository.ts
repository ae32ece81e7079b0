/**
 * Search over the cars for sale (GET /api/products), its facets, and the fair-price signal.
 * The same SQL runs on PGlite and PostgreSQL (migration 0009 has the indexes it relies on).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import type { ProductRow } from '../schema';
import {
  CursorCodec,
  cursorNumber,
  cursorOffset,
  cursorTimestamp,
  MAX_CURSOR_OFFSET,
} from './cursors';
import { BadCursor, type SortOrder } from './paging';

export const SEARCH_SORTS = ['newest', 'price_asc', 'price_desc', 'deal', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const FAIR_PRICE_RATINGS = ['great', 'good', 'fair', 'high'] as const;
export type FairPriceRating = (typeof FAIR_PRICE_RATINGS)[number];
/** Fewer comparables than this: no fair price. */
export const MIN_COMPARABLES = 5;
/** Comparables' years used differ from the car's by at most this. */
export const COMPARABLE_YEARS = 2;

type Condition = ProductRow['condition'];

export interface SearchFilters {
  /** Free text over name, description, location and category (typos forgiven). */
  q?: string;
  /** Stored category names (any of them). */
  categories?: string[];
  conditions?: Condition[];
  minPrice?: number;
  maxPrice?: number;
  minYears?: number;
  maxYears?: number;
  /** A part of the location, case-insensitive. */
  location?: string;
  /** Only cars of verified sellers. */
  verified?: boolean;
}

export interface SearchRequest extends SearchFilters {
  sort: SearchSort;
  limit: number;
  cursor?: string;
}

export interface FairPrice {
  rating: FairPriceRating;
  median: number;
  comparables: number;
}

/** A car as search and the car's page answer it. */
export interface SearchProduct {
  _id: string;
  carName: string;
  carPhoto: string;
  categoryName: string;
  condition: Condition;
  originalPrice: number;
  resalePrice: number;
  productLocation: string;
  userYears: number;
  postTime: string;
  productDescription: string;
  sellerName: string;
  sellerPhoto: string;
  email: string;
  advertisement: 'true' | 'false';
  isVerify: 'true' | 'false';
  sold: boolean;
  photos: string[];
  fairPrice: FairPrice | null;
}

export interface Facets {
  category: Record<string, number>;
  condition: Record<string, number>;
  price: { min: number; max: number } | null;
  years: { min: number; max: number } | null;
}

export interface SellerSummary {
  name: string;
  photo: string;
  verified: boolean;
  memberSince: string;
  carsSold: number;
}

/** How many known words a misspelt query word may stand for. */
const CORRECTIONS_PER_WORD = 3;

const COLUMNS = sql.raw(`p.id as "_id", p.car_name as "carName", p.car_photo as "carPhoto",
  p.category_name as "categoryName", p.condition as "condition",
  p.original_price as "originalPrice", p.resale_price as "resalePrice",
  p.product_location as "productLocation", p.user_years as "userYears",
  p.post_time as "postTime", p.product_description as "productDescription",
  p.seller_name as "sellerName", p.seller_photo as "sellerPhoto", p.email as "email",
  p.advertisement as "advertisement", coalesce(u.user_verify, 'false') as "isVerify",
  p.sold_at is not null as "sold", p.photos as "photos"`);

/**
 * The fair price of the car `p` (LATERAL): its comparables are the cars for sale of the same
 * category and condition whose years used are within ±2, the seller's own cars left out.
 */
const FAIR_PRICE = sql.raw(`left join lateral (
    select count(*)::int as n,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.resale_price) as q
    from products c
    where c.sold_at is null and c.category_name = p.category_name
      and c.condition = p.condition
      and c.user_years between p.user_years - ${COMPARABLE_YEARS} and p.user_years + ${COMPARABLE_YEARS}
      and c.email <> p.email
  ) fp on true`);
// The three quartiles from one sort of the comparables' prices (one ordered-set aggregate with
// an array of fractions, not three that would each sort them).
const FAIR_PRICE_COLUMNS = sql.raw(`fp.n as "fpN", fp.q[1] as "fpQ1", fp.q[2] as "fpMedian",
  fp.q[3] as "fpQ3"`);

/** Prices of one group's cars for sale, cheapest first, each with its seller and years used. */
interface PriceList {
  prices: number[];
  sellers: string[];
  years: number[];
}

/** How long price lists are kept at most, whatever the catalogue's notices say (ms). */
export const PRICE_LISTS_TTL_MS = 30_000;

/**
 * PostgreSQL's `percentile_cont(f)` of sorted values (linear between the two nearest ranks, in
 * the same arithmetic); null for none.
 */
export function percentileCont(sorted: ArrayLike<number>, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = sorted[first]!;
  if (first === second) return low;
  return low + (position - first) * (sorted[second]! - low);
}

interface RawRow extends Omit<SearchProduct, 'fairPrice'> {
  fpN: number | null;
  fpQ1: number | null;
  fpMedian: number | null;
  fpQ3: number | null;
  cursorKey?: string | number;
  createdAt?: unknown;
  inlineTotal?: number | string;
}

/** The rating of a price among its comparables' quartiles; null with too few of them. */
export function rateFairPrice(
  price: number,
  stats: { n: number; q1: number; median: number; q3: number },
): FairPrice | null {
  if (stats.n < MIN_COMPARABLES) return null;
  const rating: FairPriceRating =
    price < stats.q1
      ? 'great'
      : price <= stats.median
        ? 'good'
        : price <= stats.q3
          ? 'fair'
          : 'high';
  return { rating, median: stats.median, comparables: stats.n };
}

function toProduct(row: RawRow): SearchProduct {
  const {
    fpN,
    fpQ1,
    fpMedian,
    fpQ3,
    cursorKey: _key,
    createdAt: _at,
    inlineTotal: _total,
    ...product
  } = row;
  const fairPrice =
    fpN !== null && fpQ1 !== null && fpMedian !== null && fpQ3 !== null
      ? rateFairPrice(Number(product.resalePrice), {
          n: Number(fpN),
          q1: Number(fpQ1),
          median: Number(fpMedian),
          q3: Number(fpQ3),
        })
      : null;
  return {
    ...product,
    originalPrice: Number(product.originalPrice),
    resalePrice: Number(product.resalePrice),
    userYears: Number(product.userYears),
    photos: product.photos.length > 0 ? product.photos : [product.carPhoto],
    fairPrice,
  };
}

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The words of a query to look up in the vocabulary (letters and digits, lower case), leaving
 * out those the query excludes (`-word`).
 */
export function queryWords(q: string): string[] {
  const words = q
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .flatMap((token) => token.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length > 0 && word !== 'or');
  return [...new Set(words)];
}

/** The WHERE conditions of the filters (cars for sale only), leaving out one facet's own. */
function conditions(
  filters: SearchFilters,
  text: SQL | null,
  except?: 'category' | 'condition',
): SQL {
  const parts: SQL[] = [sql`p.sold_at is null`];
  if (text) parts.push(sql`p.search @@ ${text}`);
  if (except !== 'category' && filters.categories?.length) {
    parts.push(
      sql`p.category_name in (${sql.join(
        filters.categories.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  if (except !== 'condition' && filters.conditions?.length) {
    parts.push(
      sql`p.condition in (${sql.join(
        filters.conditions.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.minPrice !== undefined) parts.push(sql`p.resale_price >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) parts.push(sql`p.resale_price <= ${filters.maxPrice}`);
  if (filters.minYears !== undefined) parts.push(sql`p.user_years >= ${filters.minYears}`);
  if (filters.maxYears !== undefined) parts.push(sql`p.user_years <= ${filters.maxYears}`);
  if (filters.location?.trim()) {
    parts.push(sql`p.product_location ilike ${`%${likeLiteral(filters.location.trim())}%`}`);
  }
  if (filters.verified) {
    parts.push(
      sql`exists (select 1 from users v where v.email = p.email and v.user_verify = 'true')`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** A short fingerprint of the filters: a cursor is good for the same filters only. */
function fingerprint(filters: SearchFilters): string {
  const canonical = JSON.stringify([
    filters.q?.trim() ?? '',
    [...(filters.categories ?? [])].sort(),
    [...(filters.conditions ?? [])].sort(),
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
    filters.minYears ?? null,
    filters.maxYears ?? null,
    filters.location?.trim().toLowerCase() ?? '',
    filters.verified ?? false,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/**
 * Keyset sorts: their column, direction, how the cursor's value is cast back, and the id column
 * that breaks ties (the same index holds both). The deal sort reads product_deals' index
 * (ratio, car): each car's stored deal ratio (migration 0010).
 */
const KEYSET: Record<
  Exclude<SearchSort, 'relevance'>,
  { column: string; order: SortOrder; key: string; cast: string; id: string }
> = {
  newest: {
    column: 'p.created_at',
    order: 'desc',
    key: 'p.created_at::text',
    cast: 'timestamptz',
    id: 'p.id',
  },
  price_asc: {
    column: 'p.resale_price',
    order: 'asc',
    key: 'p.resale_price',
    cast: 'float8',
    id: 'p.id',
  },
  price_desc: {
    column: 'p.resale_price',
    order: 'desc',
    key: 'p.resale_price',
    cast: 'float8',
    id: 'p.id',
  },
  deal: { column: 'd.ratio', order: 'asc', key: 'd.ratio', cast: 'float8', id: 'd.product_id' },
};

/** The newest catalogue change numbered (catalogue_change, migration 0007); 0 before any. */
const LAST_CHANGE = sql`(select case when is_called then last_value else 0 end from catalogue_change)`;

/** The advisory lock a deal-ratio refresh holds (any fixed number; its bytes spell "CarDdeal"). */
export const DEAL_REFRESH_LOCK_KEY = 0x436172446465616cn;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The page query of a search, and what paging needs to answer it. */
/**
 * The count of the cars a search matches. Filtered by category and condition only (or not at
 * all), it is a sum of at most twelve rows of product_counts (cars for sale per category and
 * condition, kept by triggers) instead of a count of up to every car.
 */
function totalQuery(filters: SearchFilters, text: SQL | null, where: SQL): SQL {
  if (!groupsOnly(filters, text)) return sql`select count(*) as n from products p where ${where}`;
  return sql`select coalesce(sum(n), 0) as n from product_counts
    where ${countsWhere(filters.categories, filters.conditions)}`;
}

/** Whether the filters are category and condition only (product_counts can count them). */
function groupsOnly(filters: SearchFilters, text: SQL | null): boolean {
  return (
    !text &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    filters.minYears === undefined &&
    filters.maxYears === undefined &&
    !filters.location?.trim() &&
    !filters.verified
  );
}

/** The rows of product_counts of these categories and conditions (absent: all). */
function countsWhere(categories?: string[], conditions?: string[]): SQL {
  const parts: SQL[] = [sql`true`];
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  if (categories?.length) parts.push(sql`category_name in (${list(categories)})`);
  if (conditions?.length) parts.push(sql`condition in (${list(conditions)})`);
  return sql.join(parts, sql` and `);
}

/** The ends of the price and years ranges (null: no car matches). */
interface RangeRow {
  minPrice: number | null;
  maxPrice: number | null;
  minYears: number | null;
  maxYears: number | null;
}

function rangesOf(rows: RangeRow[]): Pick<Facets, 'price' | 'years'> {
  const range = rows[0];
  return {
    price:
      range && range.minPrice !== null && range.maxPrice !== null
        ? { min: Number(range.minPrice), max: Number(range.maxPrice) }
        : null,
    years:
      range && range.minYears !== null && range.maxYears !== null
        ? { min: Number(range.minYears), max: Number(range.maxYears) }
        : null,
  };
}

function searchQuery(request: SearchRequest, text: SQL | null, cursors: CursorCodec) {
  const { sort, limit, cursor } = request;
  const filter = fingerprint(request);
  const where = conditions(request, text);
  const keyset = sort === 'relevance' ? undefined : KEYSET[sort];
  let after: SQL | null = null;
  let offset = 0;
  if (cursor !== undefined) {
    const at = cursors.decode(cursor);
    if (at.sort !== sort || at.filter !== filter || (keyset && at.order !== keyset.order)) {
      throw new BadCursor('cursor: belongs to another sort or filter; start again without it');
    }
    if (keyset) {
      const read = keyset.cast === 'float8' ? cursorNumber : cursorTimestamp;
      const value = sql`${read(at.value)}::${sql.raw(keyset.cast)}`;
      const column = sql.raw(keyset.column);
      const id = sql.raw(keyset.id);
      after =
        keyset.order === 'desc'
          ? sql`(${column}, ${id}) < (${value}, ${at.id})`
          : sql`(${column}, ${id}) > (${value}, ${at.id})`;
    } else {
      offset = cursorOffset(at.value);
    }
  }

  let query: SQL;
  if (keyset) {
    const direction = sql.raw(keyset.order);
    const from =
      sort === 'deal'
        ? sql`product_deals d join products p on p.id = d.product_id`
        : sql`products p`;
    const candidates = sql`select p.id, ${sql.raw(keyset.column)} as sort_key,
            ${sql.raw(keyset.key)}::text as cursor_key
          from ${from}
          where ${where}${after ? sql` and ${after}` : sql``}`;
    // The page's ids first, then their columns, seller and fair price. Without free text, an
    // index walk in the sort's order that stops after a page. With it, the matches first (the
    // words' index), then the page's top of them: walking the sort's index, each car's words
    // read on the way, went through 40,000 cheaper cars before the first Ferrari ('ferari' by
    // price, 54 ms), and matches far along the order would mean reading every car. The first
    // page counts the matches it has read (the total, without reading them again).
    const page = text
      ? sql`matches as materialized (${candidates}), page as (
            select * from matches
            order by sort_key ${direction}, id ${direction}
            limit ${limit + 1}
          )`
      : sql`page as (
            ${candidates}
            order by ${sql.raw(keyset.column)} ${direction}, ${sql.raw(keyset.id)} ${direction}
            limit ${limit + 1}
          )`;
    const total = text && !after ? sql`, (select count(*) from matches) as "inlineTotal"` : sql``;
    query = sql`with ${page}
        select ${COLUMNS}, page.cursor_key as "cursorKey"${total}
        from page join products p on p.id = page.id
        left join users u on u.email = p.email
        order by page.sort_key ${direction}, page.id ${direction}`;
  } else {
    const rank = text ? sql`ts_rank(p.search, ${text})` : sql`0`;
    // Every match is read to rank it anyway: the total comes from the same pass.
    // The ranks are counted over (id, rank) pairs only: a window over the scanned rows, each
    // with its words, outgrew work_mem at 25,000 matches and went to disk.
    query = sql`with ranked as (
          select p.id, ${rank} as rank
          from products p
          where ${where}
          offset 0
        ), page as (
          select id, rank, count(*) over () as total
          from ranked
          order by rank desc, id
          limit ${limit + 1} offset ${offset}
        )
        select ${COLUMNS}, page.total as "inlineTotal"
        from page join products p on p.id = page.id
        left join users u on u.email = p.email
        order by page.rank desc, p.id`;
  }
  return { query, where, keyset, offset, filter };
}

/** `cursors` signs and reads the search pages' cursors (the server's secret). */
export function searchRepository(db: Db, cursors: CursorCodec = new CursorCodec()) {
  /**
   * The text query of `q`: its words as typed (web-search syntax), or any of them also as the
   * known words a misspelt one resembles ('ferari' → ferrari): a query word that is no word of
   * any car's name, category or location is looked up by trigram similarity in the vocabulary
   * (migration 0009's search_words).
   */
  async function textQuery(q: string | undefined): Promise<SQL | null> {
    const text = q?.trim();
    if (!text) return null;
    const typed = sql`websearch_to_tsquery('english', ${text})`;
    const words = queryWords(text).slice(0, 10);
    if (words.length === 0) return typed;
    const list = sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    );
    const found = await rowsOf<{ w: string; known: boolean; alts: string[] }>(
      db,
      sql`select q.w,
          exists (select 1 from search_words s where s.word = q.w) as known,
          array(select s.word from search_words s where length(q.w) >= 3 and s.word % q.w
            order by similarity(s.word, q.w) desc, s.word limit ${CORRECTIONS_PER_WORD}) as alts
        from unnest(array[${list}]::text[]) as q(w)`,
    );
    const misspelt = found.filter((row) => !row.known && row.alts.length > 0);
    if (misspelt.length === 0) return typed;
    const alternatives = new Map(misspelt.map((row) => [row.w, row.alts]));
    const corrected = words
      .map((word) => {
        const alts = alternatives.get(word);
        return alts ? `(${[word, ...alts].join(' | ')})` : word;
      })
      .join(' & ');
    return sql`(${typed} || to_tsquery('english', ${corrected}))`;
  }

  /**
   * The prices of the cars for sale, with their sellers, by exact group (category, condition,
   * years used), cheapest first: what a search page's fair prices are computed from, in the
   * server, instead of one query per car over its few thousand comparables. Cleared on every
   * catalogue change (catalogue-sync.ts: with the answer cache, on every replica), and at the
   * latest after PRICE_LISTS_TTL_MS whatever happens to the notices.
   */
  let priceLists = new Map<string, Promise<PriceList>>();
  let priceListsAt = Date.now();
  function forgetPrices(): void {
    priceLists = new Map();
    priceListsAt = Date.now();
  }
  const groupKey = (category: string, condition: string, years: number) =>
    `${category}\u0000${condition}\u0000${years}`;

  /**
   * The price lists of these groups (a group's years: from `floor` up to, not including,
   * floor + 1), reading those not kept in one query: one range of years per category and
   * condition.
   */
  async function priceListsOf(
    groups: { category: string; condition: string; floor: number }[],
  ): Promise<Map<string, PriceList>> {
    if (Date.now() - priceListsAt > PRICE_LISTS_TTL_MS) forgetPrices();
    const lists = priceLists;
    const ranges = new Map<
      string,
      { category: string; condition: string; from: number; to: number }
    >();
    for (const g of groups) {
      if (lists.has(groupKey(g.category, g.condition, g.floor))) continue;
      const pair = `${g.category}\u0000${g.condition}`;
      const range = ranges.get(pair);
      if (range) {
        range.from = Math.min(range.from, g.floor);
        range.to = Math.max(range.to, g.floor);
      } else {
        ranges.set(pair, {
          category: g.category,
          condition: g.condition,
          from: g.floor,
          to: g.floor,
        });
      }
    }
    if (ranges.size > 0) {
      const wanted = [...ranges.values()];
      const read = rowsOf<{ c: string; k: string; y: number; v: number; e: string }>(
        db,
        sql`select category_name as c, condition as k, user_years as y, resale_price as v,
            email as e
          from products
          where sold_at is null and (${sql.join(
            wanted.map(
              (r) => sql`(category_name = ${r.category} and condition = ${r.condition}
                and user_years >= ${r.from} and user_years < ${r.to + 1})`,
            ),
            sql` or `,
          )})
          order by resale_price`,
      ).then((rows) => {
        const found = new Map<string, PriceList>();
        for (const r of wanted) {
          for (let y = r.from; y <= r.to; y++) {
            found.set(groupKey(r.category, r.condition, y), { prices: [], sellers: [], years: [] });
          }
        }
        for (const row of rows) {
          const years = Number(row.y);
          const list = found.get(groupKey(row.c, row.k, Math.floor(years)));
          if (!list) continue;
          list.prices.push(Number(row.v));
          list.sellers.push(row.e);
          list.years.push(years);
        }
        return found;
      });
      for (const r of wanted) {
        for (let y = r.from; y <= r.to; y++) {
          const key = groupKey(r.category, r.condition, y);
          const one = read.then((found) => found.get(key)!);
          lists.set(key, one);
          // A failed read is not kept.
          one.catch(() => {
            if (lists.get(key) === one) lists.delete(key);
          });
        }
      }
    }
    const entries = await Promise.all(
      groups.map(async (g) => {
        const key = groupKey(g.category, g.condition, g.floor);
        return [key, await lists.get(key)!] as const;
      }),
    );
    return new Map(entries);
  }

  /**
   * Each row with its fair price, from the price lists of its comparables' groups: the same
   * comparables and quartiles as FAIR_PRICE, computed here.
   */
  async function withFairPrices(rows: RawRow[]): Promise<RawRow[]> {
    const floors = (years: number) => {
      const out: number[] = [];
      for (
        let y = Math.floor(years - COMPARABLE_YEARS);
        y <= Math.floor(years + COMPARABLE_YEARS);
        y++
      ) {
        out.push(y);
      }
      return out;
    };
    const groups = new Map<string, { category: string; condition: string; floor: number }>();
    for (const row of rows) {
      for (const floor of floors(Number(row.userYears))) {
        groups.set(groupKey(row.categoryName, row.condition, floor), {
          category: row.categoryName,
          condition: row.condition,
          floor,
        });
      }
    }
    if (groups.size === 0) return rows;
    const lists = await priceListsOf([...groups.values()]);
    return rows.map((row) => {
      const years = Number(row.userYears);
      const own = floors(years).flatMap((floor) => {
        const list = lists.get(groupKey(row.categoryName, row.condition, floor));
        return list ? [list] : [];
      });
      // A typed array sorts numbers natively (a comparator function per comparison cost
      // about 0.2 ms a car of a few thousand comparables).
      const found = new Float64Array(own.reduce((n, list) => n + list.prices.length, 0));
      let n = 0;
      for (const list of own) {
        for (let i = 0; i < list.prices.length; i++) {
          const other = list.years[i]!;
          if (
            list.sellers[i] !== row.email &&
            other >= years - COMPARABLE_YEARS &&
            other <= years + COMPARABLE_YEARS
          ) {
            found[n++] = list.prices[i]!;
          }
        }
      }
      const prices = found.subarray(0, n).sort();
      const [q1, median, q3] = [0.25, 0.5, 0.75].map((f) => percentileCont(prices, f));
      return { ...row, fpN: prices.length, fpQ1: q1, fpMedian: median, fpQ3: q3 };
    });
  }

  /**
   * Computes every car's deal ratio again (product_deals, migration 0010): its price over the
   * median price of its comparables, its own cars included (the cars for sale of its category
   * and condition whose years used are within ±2 of its own), Infinity with fewer than
   * MIN_COMPARABLES of them. One pass over all groups; only the ratios that changed are written,
   * and a car for sale without its row (one written past the insert trigger) gets it.
   * Under an advisory lock, so two replicas never refresh at once: false (nothing done) when
   * another holds it. Records the newest catalogue change numbered before it read the cars.
   */
  async function refreshDeals(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ got: boolean }>(
        tx as unknown as Db,
        sql`select pg_try_advisory_xact_lock(${DEAL_REFRESH_LOCK_KEY.toString()}::bigint) as got`,
      );
      if (!lock?.got) return false;
      const [change] = await rowsOf<{ n: number | string }>(
        tx as unknown as Db,
        sql`select ${LAST_CHANGE} as n`,
      );
      await tx.execute(sql`with groups as (
          select k.category_name, k.condition, k.user_years, count(*)::int as n,
            percentile_cont(0.5) within group (order by x.resale_price) as median
          from (select distinct category_name, condition, user_years from products
            where sold_at is null) k
          join products x on x.sold_at is null and x.category_name = k.category_name
            and x.condition = k.condition
            and x.user_years between k.user_years - ${COMPARABLE_YEARS} and k.user_years + ${COMPARABLE_YEARS}
          group by k.category_name, k.condition, k.user_years
        ), fresh as (
          select p.id, case when g.n >= ${MIN_COMPARABLES} and g.median > 0
              then p.resale_price / g.median else 'Infinity'::float8 end as ratio
          from products p
          left join groups g on g.category_name = p.category_name and g.condition = p.condition
            and g.user_years = p.user_years
          where p.sold_at is null
        )
        insert into product_deals (product_id, ratio)
        select id, ratio from fresh
        on conflict (product_id) do update set ratio = excluded.ratio
        where product_deals.ratio is distinct from excluded.ratio`);
      await tx.execute(
        sql`update deal_ratios_state set change = ${Number(change?.n ?? 0)}, refreshed_at = now()
          where id = 1`,
      );
      return true;
    });
  }

  /** Whether the catalogue changed after the deal ratios' last refresh began. */
  async function dealsBehind(): Promise<boolean> {
    const [row] = await rowsOf<{ behind: boolean | null }>(
      db,
      sql`select ${LAST_CHANGE} > (select change from deal_ratios_state where id = 1) as behind`,
    );
    return row?.behind !== false;
  }

  async function search(request: SearchRequest) {
    const { sort, limit } = request;
    const text = await textQuery(request.q);
    const { query, where, keyset, offset, filter } = searchQuery(request, text, cursors);
    const found = await withFairPrices(await rowsOf<RawRow>(db, query));
    // The relevance page carries the total; other sorts (and a page past the end) count.
    const inline = found[0]?.inlineTotal;
    const totalRows =
      inline !== undefined
        ? [{ n: inline }]
        : await rowsOf<{ n: number | string | null }>(db, totalQuery(request, text, where));
    const more = found.length > limit;
    const rows = more ? found.slice(0, limit) : found;
    const last = rows[rows.length - 1];
    let nextCursor: string | null = null;
    if (more && last && (keyset || offset + limit <= MAX_CURSOR_OFFSET)) {
      nextCursor = keyset
        ? cursors.encode({
            sort,
            order: keyset.order,
            filter,
            value: String(last.cursorKey),
            id: last._id,
          })
        : cursors.encode({ sort, order: 'asc', filter, value: offset + limit, id: last._id });
    }
    return {
      rows: rows.map(toProduct),
      total: Number(totalRows[0]?.n ?? 0),
      nextCursor,
    };
  }

  async function facets(filters: SearchFilters): Promise<Facets> {
    const text = await textQuery(filters.q);
    return groupsOnly(filters, text) ? countedFacets(filters) : facetsInOnePass(filters, text);
  }

  /**
   * Facets of category and condition filters only: the counts are sums of product_counts rows,
   * and each end of the ranges is read from the end of an index.
   */
  async function countedFacets(filters: SearchFilters): Promise<Facets> {
    const where = conditions(filters, null);
    const [byCategory, byCondition, ranges] = await Promise.all([
      rowsOf<{ k: string; n: number | string }>(
        db,
        sql`select category_name as k, sum(n) as n from product_counts
          where ${countsWhere(undefined, filters.conditions)}
          group by category_name having sum(n) > 0`,
      ),
      rowsOf<{ k: string; n: number | string }>(
        db,
        sql`select condition as k, sum(n) as n from product_counts
          where ${countsWhere(filters.categories, undefined)}
          group by condition having sum(n) > 0`,
      ),
      rowsOf<RangeRow>(
        db,
        sql`select (select min(p.resale_price) from products p where ${where}) as "minPrice",
          (select max(p.resale_price) from products p where ${where}) as "maxPrice",
          (select min(p.user_years) from products p where ${where}) as "minYears",
          (select max(p.user_years) from products p where ${where}) as "maxYears"`,
      ),
    ]);
    const count = (rows: { k: string; n: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
    return {
      category: count(byCategory),
      condition: count(byCondition),
      ...rangesOf(ranges),
    };
  }

  /**
   * Facets of any other filters, in one pass over the cars matching every filter but category
   * and condition: counts and ranges per (category, condition), at most twelve rows, from which
   * each facet adds up the rows the other facet's filter allows.
   */
  async function facetsInOnePass(filters: SearchFilters, text: SQL | null): Promise<Facets> {
    const rows = await rowsOf<RangeRow & { category: string; condition: string; n: number }>(
      db,
      sql`select p.category_name as category, p.condition as condition, count(*)::int as n,
          min(p.resale_price) as "minPrice", max(p.resale_price) as "maxPrice",
          min(p.user_years) as "minYears", max(p.user_years) as "maxYears"
        from products p
        where ${conditions({ ...filters, categories: undefined, conditions: undefined }, text)}
        group by p.category_name, p.condition`,
    );
    const categoryOk = (row: { category: string }) =>
      !filters.categories?.length || filters.categories.includes(row.category);
    const conditionOk = (row: { condition: string }) =>
      !filters.conditions?.length || (filters.conditions as string[]).includes(row.condition);
    const category: Record<string, number> = {};
    const condition: Record<string, number> = {};
    for (const row of rows) {
      if (conditionOk(row)) category[row.category] = (category[row.category] ?? 0) + row.n;
      if (categoryOk(row)) condition[row.condition] = (condition[row.condition] ?? 0) + row.n;
    }
    const matching = rows.filter((row) => categoryOk(row) && conditionOk(row));
    const ends = (key: keyof RangeRow, pick: (...values: number[]) => number) =>
      matching.length ? pick(...matching.map((row) => Number(row[key]))) : null;
    return {
      category,
      condition,
      ...rangesOf([
        {
          minPrice: ends('minPrice', Math.min),
          maxPrice: ends('maxPrice', Math.max),
          minYears: ends('minYears', Math.min),
          maxYears: ends('maxYears', Math.max),
        },
      ]),
    };
  }

  /** One car, sold or not, with its fair price (null when sold) and its seller; null: none. */
  async function car(id: string) {
    const [row] = await rowsOf<
      RawRow & {
        sellerName2: string | null;
        sellerImg: string | null;
        memberSince: Date | string | null;
        carsSold: number | string;
      }
    >(
      db,
      sql`select ${COLUMNS}, ${FAIR_PRICE_COLUMNS},
          u.name as "sellerName2", u.user_img as "sellerImg", u.created_at as "memberSince",
          (select count(*) from products s where s.email = p.email and s.sold_at is not null)
            as "carsSold"
        from products p
        left join users u on u.email = p.email
        ${FAIR_PRICE}
        where p.id = ${id}`,
    );
    if (!row) return null;
    const { sellerName2, sellerImg, memberSince, carsSold, ...rest } = row;
    const product = toProduct(rest);
    const seller: SellerSummary = {
      name: sellerName2 ?? product.sellerName,
      photo: sellerImg || product.sellerPhoto,
      verified: product.isVerify === 'true',
      memberSince: memberSince ? new Date(memberSince).toISOString() : '',
      carsSold: Number(carsSold),
    };
    return { ...product, fairPrice: product.sold ? null : product.fairPrice, seller };
  }

  /** Cars for sale's ids and when each last changed, in id order: `limit` after `offset`. */
  async function forSaleIds(offset: number, limit: number) {
    const rows = await rowsOf<{ id: string; lastmod: Date | string }>(
      db,
      sql`select p.id, coalesce(p.updated_at, p.created_at) as lastmod from products p
        where p.sold_at is null order by p.id limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod).toISOString() }));
  }

  async function countForSale(): Promise<number> {
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from products p where p.sold_at is null`,
    );
    return Number(row?.n ?? 0);
  }

  /** The plan of a search's page query (`EXPLAIN`), for the bench. */
  async function explainSearch(request: SearchRequest): Promise<string> {
    const rows = await rowsOf<Record<string, string>>(
      db,
      sql`explain ${searchQuery(request, await textQuery(request.q), cursors).query}`,
    );
    return rows.map((r) => Object.values(r)[0]).join('\n');
  }

  return {
    search,
    facets,
    car,
    forSaleIds,
    countForSale,
    explainSearch,
    forgetPrices,
    refreshDeals,
    dealsBehind,
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
