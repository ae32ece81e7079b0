/** The SQL of a search's filters: its WHERE conditions, its fingerprint and its total. */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import type { SearchFilters } from './search-types';
import { withinMiles } from './search-near';

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE conditions of the filters (cars for sale only), leaving out one facet's own. */
export function conditions(
  filters: SearchFilters,
  text: SQL | null,
  except?: 'category' | 'condition',
): SQL {
  const parts: SQL[] = [FOR_SALE_SQL];
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
  const anyOf = (column: string, values?: readonly string[]) => {
    if (values?.length) {
      parts.push(
        sql`${sql.raw(column)} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
    }
  };
  anyOf('p.model', filters.models);
  anyOf('p.fuel', filters.fuels);
  anyOf('p.transmission', filters.transmissions);
  anyOf('p.body_style', filters.bodyStyles);
  const { minModelYear, maxModelYear, minMileage, maxMileage } = filters;
  if (minModelYear !== undefined) parts.push(sql`p.model_year >= ${minModelYear}`);
  if (maxModelYear !== undefined) parts.push(sql`p.model_year <= ${maxModelYear}`);
  if (minMileage !== undefined) parts.push(sql`p.mileage >= ${minMileage}`);
  if (maxMileage !== undefined) parts.push(sql`p.mileage <= ${maxMileage}`);
  if (filters.listedAfter) parts.push(sql`p.created_at > ${filters.listedAfter}::timestamptz`);
  if (filters.seller) {
    // The seller's cars by their e-mail: products_email_created_idx walks them newest first.
    parts.push(sql`p.email = (select s.email from users s where s.id = ${filters.seller})`);
  }
  if (filters.verified) {
    parts.push(
      sql`exists (select 1 from users v where v.email = p.email and v.user_verify = 'true')`,
    );
  }
  if (filters.sellerType) {
    // A join, not a copy on the cars (see dealer_profiles' migration): the dealers' accounts
    // are few, so the planner hashes them once and tests each car it reads.
    const dealer = sql`exists (select 1 from users s join dealer_profiles d on d.user_id = s.id
      where s.email = p.email)`;
    parts.push(filters.sellerType === 'dealer' ? dealer : sql`not ${dealer}`);
  }
  if (filters.near && filters.radiusMiles !== undefined) {
    parts.push(withinMiles(filters.near, filters.radiusMiles, filters.radiusBy));
  }
  return sql.join(parts, sql` and `);
}

/** The vehicle filters, canonical (sorted lists): a part of a cache key or a fingerprint. */
export function vehicleKey(filters: SearchFilters): unknown[] {
  const sorted = (values?: readonly string[]) => [...new Set(values ?? [])].sort();
  return [
    sorted(filters.models),
    filters.minModelYear ?? null,
    filters.maxModelYear ?? null,
    filters.minMileage ?? null,
    filters.maxMileage ?? null,
    sorted(filters.fuels),
    sorted(filters.transmissions),
    sorted(filters.bodyStyles),
  ];
}

/** A short fingerprint of the filters: a cursor is good for the same filters only. */
export function fingerprint(filters: SearchFilters): string {
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
    ...vehicleKey(filters),
    ...(filters.seller ? [filters.seller] : []),
    ...(filters.sellerType ? [`type:${filters.sellerType}`] : []),
    // Near a place: the distance sort's order and the radius are the place's.
    ...(filters.near ? [filters.near.zip, filters.radiusMiles ?? null] : []),
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

/**
 * The count of the cars a search matches. Filtered by category and condition only (or not at
 * all), it is a sum of at most twelve rows of product_counts (cars for sale per category and
 * condition, kept by triggers) instead of a count of up to every car.
 */
export function totalQuery(filters: SearchFilters, text: SQL | null, where: SQL): SQL {
  if (!groupsOnly(filters, text)) return sql`select count(*) as n from products p where ${where}`;
  return sql`select coalesce(sum(n), 0) as n from product_counts
    where ${countsWhere(filters.categories, filters.conditions)}`;
}

/** Whether the filters are category and condition only (product_counts can count them). */
export function groupsOnly(filters: SearchFilters, text: SQL | null): boolean {
  return (
    !text &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined &&
    filters.minYears === undefined &&
    filters.maxYears === undefined &&
    !filters.location?.trim() &&
    !filters.verified &&
    !filters.seller &&
    !filters.sellerType &&
    !filters.listedAfter &&
    filters.radiusMiles === undefined &&
    vehicleKey(filters).every((part) => part === null || (Array.isArray(part) && !part.length))
  );
}

/** The rows of product_counts of these categories and conditions (absent: all). */
export function countsWhere(categories?: string[], conditions?: string[]): SQL {
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
