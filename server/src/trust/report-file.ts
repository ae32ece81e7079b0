/**
 * A reported target's file, for the moderator who opens it from the queue: every
 * report of it (open and closed, flags too), the listing or the account as it is now, and its
 * history of moderation from the append-only audit log, newest first (for an account, also the
 * lines of its listings and of the reviews it received). Read only.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { PRODUCT_STATE_SQL, USER_STATE_SQL, type TargetState } from './report-queue';
import type { ReportTargetKind } from './reports-repository';

/** The most of each list a file shows (newest first). */
export const FILE_LIST_CAP = 200;

export interface FileReport {
  _id: string;
  /** Null for an automatic flag. */
  reporterId: string | null;
  /** The reporter's name now; null for a flag, 'Deleted user' once the account is gone. */
  reporterName: string | null;
  reason: string;
  details: string;
  createdAt: string;
  closedAt: string | null;
  outcome: 'actioned' | 'dismissed' | null;
}

export interface FileListing {
  _id: string;
  carName: string;
  carPhoto: string;
  resalePrice: number;
  state: TargetState;
  hiddenReason: string | null;
}

export interface FileProduct extends FileListing {
  sellerId: string | null;
  sellerName: string;
  hiddenAt: string | null;
  reviewAskedAt: string | null;
}

export interface FileReview {
  _id: string;
  rating: number;
  text: string;
  buyerName: string;
  productName: string;
  createdAt: string;
  hiddenAt: string | null;
  hiddenReason: string | null;
}

export interface FileUser {
  _id: string;
  name: string;
  email: string;
  userRole: string;
  userImg: string;
  createdAt: string;
  state: TargetState;
  suspendedAt: string | null;
  suspendReason: string | null;
  listings: FileListing[];
  reviews: FileReview[];
}

export interface FileAction {
  _id: string;
  adminId: string;
  adminName: string;
  action: string;
  targetKind: string;
  targetId: string;
  reason: string;
  createdAt: string;
}

export interface ReportFile {
  targetKind: ReportTargetKind;
  targetId: string;
  /** The listing now (null: deleted, or an account's file). */
  product: FileProduct | null;
  /** The account now (null: deleted, or a listing's file). */
  user: FileUser | null;
  reports: FileReport[];
  history: FileAction[];
}

type Rows<T> = { rows: T[] };
type Raw = Record<string, unknown>;

const time = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const text = (value: unknown) => (value == null ? null : String(value));

function listingOf(row: Raw): FileListing {
  return {
    _id: String(row.id),
    carName: String(row.car_name),
    carPhoto: String(row.car_photo),
    resalePrice: Number(row.resale_price),
    state: row.state as TargetState,
    hiddenReason: text(row.hidden_reason),
  };
}

export function reportFileRepository(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as Rows<Raw>).rows;

  async function productOf(id: string): Promise<FileProduct | null> {
    const [row] = await rows(sql`
      select p.id, p.car_name, p.car_photo, p.resale_price, p.hidden_reason, p.hidden_at,
        p.review_asked_at, p.seller_name, s.id as seller_id, ${PRODUCT_STATE_SQL} as state
      from products p left join users s on s.email = p.email
      where p.id = ${id}`);
    if (!row) return null;
    return {
      ...listingOf(row),
      sellerId: text(row.seller_id),
      sellerName: String(row.seller_name),
      hiddenAt: time(row.hidden_at),
      reviewAskedAt: time(row.review_asked_at),
    };
  }

  async function userOf(id: string): Promise<FileUser | null> {
    const [row] = await rows(sql`
      select u.id, u.name, u.email, u.user_role, u.user_img, u.created_at, u.suspended_at,
        u.suspend_reason, ${USER_STATE_SQL} as state
      from users u where u.id = ${id}`);
    if (!row) return null;
    const [listings, reviews] = await Promise.all([
      rows(sql`
        select p.id, p.car_name, p.car_photo, p.resale_price, p.hidden_reason,
          ${PRODUCT_STATE_SQL} as state
        from products p where p.email = ${String(row.email)}
        order by p.created_at desc, p.id desc limit ${FILE_LIST_CAP}`),
      rows(sql`
        select id, rating, text, buyer_name, product_name, created_at, hidden_at, hidden_reason
        from reviews where seller_id = ${id}
        order by created_at desc, id desc limit ${FILE_LIST_CAP}`),
    ]);
    return {
      _id: String(row.id),
      name: String(row.name),
      email: String(row.email),
      userRole: String(row.user_role),
      userImg: String(row.user_img),
      createdAt: time(row.created_at)!,
      state: row.state as TargetState,
      suspendedAt: time(row.suspended_at),
      suspendReason: text(row.suspend_reason),
      listings: listings.map(listingOf),
      reviews: reviews.map((review) => ({
        _id: String(review.id),
        rating: Number(review.rating),
        text: String(review.text),
        buyerName: String(review.buyer_name),
        productName: String(review.product_name),
        createdAt: time(review.created_at)!,
        hiddenAt: time(review.hidden_at),
        hiddenReason: text(review.hidden_reason),
      })),
    };
  }

  async function reportsOf(kind: ReportTargetKind, id: string): Promise<FileReport[]> {
    const found = await rows(sql`
      select r.id, r.reporter_id, r.reason, r.details, r.created_at, r.closed_at, r.outcome,
        case when r.reporter_id is null then null else coalesce(u.name, 'Deleted user') end
          as reporter_name
      from reports r left join users u on u.id = r.reporter_id
      where r.target_kind = ${kind} and r.target_id = ${id}
      order by r.created_at desc, r.id desc limit ${FILE_LIST_CAP}`);
    return found.map((row) => ({
      _id: String(row.id),
      reporterId: text(row.reporter_id),
      reporterName: text(row.reporter_name),
      reason: String(row.reason),
      details: String(row.details),
      createdAt: time(row.created_at)!,
      closedAt: time(row.closed_at),
      outcome: (row.outcome ?? null) as FileReport['outcome'],
    }));
  }

  /** The target's lines of the audit log; an account's include its listings' and reviews'. */
  async function historyOf(kind: ReportTargetKind, id: string, user: FileUser | null) {
    const own = sql`(m.target_kind = ${kind} and m.target_id = ${id})`;
    const related =
      kind === 'user' && user
        ? sql` or (m.target_kind = 'product' and m.target_id in
              (select p.id from products p where p.email = ${user.email}))
            or (m.target_kind = 'review' and m.target_id in
              (select r.id from reviews r where r.seller_id = ${id}))`
        : sql``;
    const found = await rows(sql`
      select m.id, m.admin_id, m.admin_name, m.action, m.target_kind, m.target_id, m.reason,
        m.created_at
      from moderation_actions m where ${own}${related}
      order by m.created_at desc, m.id desc limit ${FILE_LIST_CAP}`);
    return found.map((row) => ({
      _id: String(row.id),
      adminId: String(row.admin_id),
      adminName: String(row.admin_name),
      action: String(row.action),
      targetKind: String(row.target_kind),
      targetId: String(row.target_id),
      reason: String(row.reason),
      createdAt: time(row.created_at)!,
    }));
  }

  return {
    /**
     * The file of a target, or null when there is nothing to show: no such listing or account
     * now, and no report or line of history of it either.
     */
    async of(kind: ReportTargetKind, id: string): Promise<ReportFile | null> {
      const [product, user] =
        kind === 'product' ? [await productOf(id), null] : [null, await userOf(id)];
      const [reports, history] = await Promise.all([
        reportsOf(kind, id),
        historyOf(kind, id, user),
      ]);
      if (!product && !user && reports.length === 0 && history.length === 0) return null;
      return { targetKind: kind, targetId: id, product, user, reports, history };
    },
  };
}
