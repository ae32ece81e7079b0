/**
 * What every moderation action writes, in the transaction of the action itself: its
 * line in the audit log, the closing of the target's open reports (each reporter is told), and
 * the notices to the people it affects. The routes of the actions call these; nothing else writes
 * `moderation_actions`, and nothing can change what it wrote (the trigger
 * `moderation_actions_append_only`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import {
  moderationActions,
  reports,
  type MODERATION_ACTIONS,
  type MODERATION_TARGETS,
  type NOTIFICATION_KINDS,
  type REPORT_OUTCOMES,
  type REPORT_TARGETS,
} from '../platform/db/schema';

/** Who acted: the admin's account id and name, as the audit log keeps them. */
export interface Moderator {
  id: string;
  name: string;
}

export interface ModerationEntry {
  action: (typeof MODERATION_ACTIONS)[number];
  targetKind: (typeof MODERATION_TARGETS)[number];
  targetId: string;
  reason: string;
}

/** Writes the audit log's line for `entry`, by `moderator`, now. */
export async function logAction(tx: Tx | Db, moderator: Moderator, entry: ModerationEntry) {
  const _id = newId();
  await tx.insert(moderationActions).values({
    _id,
    adminId: moderator.id,
    adminName: moderator.name,
    ...entry,
  });
  return _id;
}

/** Tells the account `userId` (if it still exists) of a notice; the database mails it. */
export async function notify(
  tx: Tx | Db,
  userId: string | null,
  kind: Extract<
    (typeof NOTIFICATION_KINDS)[number],
    'review' | 'review_reply' | 'moderation' | 'report_decided'
  >,
  text: string,
  about: { productId?: string | null; orderId?: string | null } = {},
) {
  if (!userId) return;
  await tx.execute(sql`
    insert into notifications (id, user_id, user_email, kind, text, product_id, order_id)
    select ${newId()}, u.id, u.email, ${kind}, ${text}, ${about.productId ?? null},
      ${about.orderId ?? null}
    from users u where u.id = ${userId}`);
}

/**
 * Closes every open report of the target (reports and automatic flags) with `outcome`, and tells
 * each person who reported it that it was decided. Returns how many reports it closed.
 */
export async function closeReports(
  tx: Tx | Db,
  target: { kind: (typeof REPORT_TARGETS)[number]; id: string; name: string },
  outcome: (typeof REPORT_OUTCOMES)[number],
) {
  const closed = await tx
    .update(reports)
    .set({ closedAt: new Date(), outcome })
    .where(
      and(
        eq(reports.targetKind, target.kind),
        eq(reports.targetId, target.id),
        isNull(reports.closedAt),
      ),
    )
    .returning({ reporterId: reports.reporterId });
  const told = new Set<string>();
  const what = target.kind === 'product' ? 'the listing' : 'the account';
  const decision =
    outcome === 'dismissed'
      ? `A moderator looked at ${what} you reported and found nothing against the rules.`
      : `A moderator acted on ${what} you reported.`;
  for (const { reporterId } of closed) {
    if (!reporterId || told.has(reporterId)) continue;
    told.add(reporterId);
    await notify(tx, reporterId, 'report_decided', `${decision} (${target.name})`, {
      productId: target.kind === 'product' ? target.id : null,
    });
  }
  return closed.length;
}
