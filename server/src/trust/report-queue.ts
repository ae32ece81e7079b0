/**
 * The moderators' queue: one row per target (a listing or an account) with open
 * reports or automatic flags, or a listing hidden by moderation whose owner asked for review.
 * Each row says which reasons, how many people (distinct reporters), how many flags, the newest
 * report and the target's state now. Read only: the actions are the admin routes of listings
 * (routes/admin-products…) and accounts, which close the reports through closeReports.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Page, SortOrder } from '../platform/db/paging';
import type { ReportTargetKind } from './reports-repository';

/** The sorts the admin's grid may ask for. */
export const QUEUE_SORTS = ['newestAt', 'people', 'flags', 'name', 'targetKind'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/**
 * A listing's state: for sale, sold, hidden by a moderator, hidden with its seller's suspension,
 * waiting for a moderator's approval, or deleted. An account's: active, suspended or deleted.
 */
export const TARGET_STATES = [
  'for_sale',
  'sold',
  'hidden',
  'seller_suspended',
  'pending',
  'active',
  'suspended',
  'gone',
] as const;
export type TargetState = (typeof TARGET_STATES)[number];

export interface QueueRow {
  targetKind: ReportTargetKind;
  targetId: string;
  /** The car's name or the account's; 'Deleted listing' or 'Deleted account' once gone. */
  name: string;
  /** The distinct reasons of the open reports and flags, alphabetically. */
  reasons: string[];
  /** Distinct people with an open report. */
  people: number;
  /** Open automatic flags. */
  flags: number;
  /** The newest open report or flag, or the owner's request for review if that is later. */
  newestAt: string;
  /** A listing hidden by moderation whose owner asked for it to be looked at again. */
  reviewAsked: boolean;
  state: TargetState;
}

export interface QueuePageRequest {
  limit?: number;
  offset?: number;
  sort: QueueSort;
  order: SortOrder;
}

/** A listing's state as SQL over the alias `p` (null when the car is gone). */
export const PRODUCT_STATE_SQL = sql.raw(`case
  when p.id is null then 'gone'
  when p.hidden = 'pending' then 'pending'
  when p.hidden = 'moderation' then 'hidden'
  when p.hidden = 'suspension' then 'seller_suspended'
  when p.sold_at is not null then 'sold'
  else 'for_sale' end`);

/** An account's state as SQL over the alias `u`. */
export const USER_STATE_SQL = sql.raw(`case
  when u.id is null then 'gone'
  when u.suspended_at is not null then 'suspended'
  else 'active' end`);

const SORT_SQL: Record<QueueSort, string> = {
  newestAt: 'q.newest_at',
  people: 'q.people',
  flags: 'q.flags',
  name: 'lower(q.name)',
  targetKind: 'q.target_kind',
};

/** The queue's rows, unsorted, as the columns QueueRow reads. */
const QUEUE_SQL = sql`
  with open_reports as (
    select target_kind, target_id,
      array_agg(distinct reason::text) as reasons,
      count(distinct reporter_id) as people,
      count(*) filter (where reporter_id is null) as flags,
      max(created_at) as newest_at
    from reports where closed_at is null
    group by target_kind, target_id
  ),
  asked as (
    select 'product'::text as target_kind, id as target_id
    from products where hidden = 'moderation' and review_asked_at is not null
  ),
  targets as (
    select coalesce(o.target_kind, a.target_kind) as target_kind,
      coalesce(o.target_id, a.target_id) as target_id,
      coalesce(o.reasons, array[]::text[]) as reasons,
      coalesce(o.people, 0) as people, coalesce(o.flags, 0) as flags, o.newest_at
    from open_reports o
    full join asked a on a.target_kind = o.target_kind and a.target_id = o.target_id
  )
  select t.target_kind, t.target_id, t.reasons, t.people, t.flags,
    greatest(t.newest_at,
      case when p.hidden = 'moderation' then p.review_asked_at end) as newest_at,
    coalesce(p.car_name, u.name,
      case when t.target_kind = 'product' then 'Deleted listing' else 'Deleted account' end) as name,
    (p.hidden = 'moderation' and p.review_asked_at is not null) is true as review_asked,
    case when t.target_kind = 'product' then ${PRODUCT_STATE_SQL} else ${USER_STATE_SQL} end
      as state
  from targets t
  left join products p on t.target_kind = 'product' and p.id = t.target_id
  left join users u on t.target_kind = 'user' and u.id = t.target_id`;

interface RawQueueRow {
  target_kind: ReportTargetKind;
  target_id: string;
  name: string;
  reasons: string[];
  people: number | string;
  flags: number | string;
  newest_at: Date | string;
  review_asked: boolean;
  state: TargetState;
}

/** Both drivers (node-postgres, PGlite) answer raw SQL as `{ rows }`. */
type Rows<T> = { rows: T[] };

export function reportQueueRepository(db: Db) {
  return {
    /** One page of the queue, sorted, with the total of targets in it. */
    async page(request: QueuePageRequest): Promise<Page<QueueRow>> {
      const { limit, offset, sort, order } = request;
      const direction = order === 'desc' ? 'desc' : 'asc';
      const orderBy: SQL = sql.raw(
        `${SORT_SQL[sort]} ${direction}, q.target_kind ${direction}, q.target_id ${direction}`,
      );
      const paging: SQL[] = [];
      if (limit !== undefined) paging.push(sql` limit ${limit}`);
      if (offset) paging.push(sql` offset ${offset}`);
      const [found, counted] = await Promise.all([
        db.execute(
          sql`select * from (${QUEUE_SQL}) q order by ${orderBy}${sql.join(paging)}`,
        ) as unknown as Promise<Rows<RawQueueRow>>,
        db.execute(sql`select count(*) as n from (${QUEUE_SQL}) q`) as unknown as Promise<
          Rows<{ n: number | string }>
        >,
      ]);
      return {
        rows: found.rows.map((row) => ({
          targetKind: row.target_kind,
          targetId: row.target_id,
          name: row.name,
          reasons: [...row.reasons].sort(),
          people: Number(row.people),
          flags: Number(row.flags),
          newestAt: new Date(row.newest_at).toISOString(),
          reviewAsked: row.review_asked,
          state: row.state,
        })),
        total: Number(counted.rows[0]?.n ?? 0),
        nextCursor: null,
      };
    },
  };
}
