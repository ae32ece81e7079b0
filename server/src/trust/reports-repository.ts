/**
 * People's reports of a listing or an account: one open report per person and target,
 * kept by the unique index `reports_one_open_per_reporter_idx` (two at once: one is written, the
 * other refused). A report changes nothing the catalogue shows: a reported car stays for sale until
 * a moderator acts. The queue and a target's file are read by report-queue.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import type { REPORT_REASONS, REPORT_TARGETS } from '../platform/db/schema';

export type ReportTargetKind = (typeof REPORT_TARGETS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

export interface NewReport {
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  details: string;
}

/** Who reports: the caller's account. */
export interface Reporter {
  id: string;
  email: string;
}

export interface ReportRow {
  _id: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  details: string;
  createdAt: string;
}

/** Why a report was not written. */
export type ReportRefusal =
  'no-such-car' | 'no-such-account' | 'own-listing' | 'self' | 'admin' | 'already-reported';

/** Both drivers (node-postgres, PGlite) answer raw SQL as `{ rows }`. */
type Rows<T> = { rows: T[] };

export function reportsRepository(db: Db) {
  /** Why `reporter` may not report the target, or null when they may. */
  async function refusalOf(reporter: Reporter, report: NewReport): Promise<ReportRefusal | null> {
    if (report.targetKind === 'product') {
      const found = (await db.execute(sql`
        select email from products where id = ${report.targetId}`)) as unknown as Rows<{
        email: string;
      }>;
      const car = found.rows[0];
      if (!car) return 'no-such-car';
      return car.email === reporter.email ? 'own-listing' : null;
    }
    const found = (await db.execute(sql`
      select user_role from users where id = ${report.targetId}`)) as unknown as Rows<{
      user_role: string;
    }>;
    const account = found.rows[0];
    if (!account) return 'no-such-account';
    if (report.targetId === reporter.id) return 'self';
    return account.user_role === 'Admin' ? 'admin' : null;
  }

  return {
    /**
     * Writes `reporter`'s report of the target, or answers why not. A second open report of the
     * same target by the same person is refused by the partial unique index itself (ON CONFLICT
     * DO NOTHING), so two at once cannot both be written.
     */
    async insert(
      reporter: Reporter,
      report: NewReport,
    ): Promise<{ report: ReportRow } | { refused: ReportRefusal }> {
      const refused = await refusalOf(reporter, report);
      if (refused) return { refused };
      const written = (await db.execute(sql`
        insert into reports (id, target_kind, target_id, reporter_id, reason, details)
        values (${newId()}, ${report.targetKind}, ${report.targetId}, ${reporter.id},
          ${report.reason}, ${report.details})
        on conflict (reporter_id, target_kind, target_id)
          where closed_at is null and reporter_id is not null
        do nothing
        returning id, created_at`)) as unknown as Rows<{ id: string; created_at: Date | string }>;
      const row = written.rows[0];
      if (!row) return { refused: 'already-reported' };
      return {
        report: {
          _id: row.id,
          ...report,
          createdAt: new Date(row.created_at).toISOString(),
        },
      };
    },
  };
}
