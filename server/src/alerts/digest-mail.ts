/**
 * A person's daily digest (outbox kind 'digest', enqueued by digest.ts with the alerts it carries
 * in `message_ids`): the new matches of each saved search, then the saved cars' lower prices, then
 * the saved cars sold, each with its link; and the digest's own unsubscribe. Composed when sent
 * from what still stands (alert-rows.ts); nothing left, or the digest turned off meanwhile: no
 * mail.
 */
import type { Db } from '../platform/db/client';
import { quotedLine } from '../platform/mail/mail-text';
import { carLines, count, searchLinks, unsubscribePart, type AlertMail } from './alert-mail';
import { alertRows, type AlertRow, type PrefetchedAlerts } from './alert-rows';

/** Groups rows by a key, in the order each key first comes. */
function groups(rows: AlertRow[], key: (row: AlertRow) => string): AlertRow[][] {
  const map = new Map<string, AlertRow[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return [...map.values()];
}

export async function composeDigestMail(
  db: Db,
  row: { message_ids: string[] | null; user_id: string },
  origin: string,
  prefetched?: PrefetchedAlerts | null,
): Promise<AlertMail | null> {
  const alerts = await alertRows(db, row.user_id, row.message_ids ?? [], prefetched);
  // None left, or the digest turned off since it was enqueued: no mail.
  if (alerts.length === 0 || !alerts[0]!.digestOn) return null;

  const matches = alerts.filter((alert) => alert.kind === 'match');
  const drops = groups(
    alerts.filter((alert) => alert.kind === 'price_drop'),
    (alert) => alert.productId,
  );
  const sold = alerts.filter((alert) => alert.kind === 'saved_sold');
  const summary = [
    matches.length ? count(matches.length, 'new car', 'new cars') : null,
    drops.length ? count(drops.length, 'lower price', 'lower prices') : null,
    sold.length ? count(sold.length, 'saved car sold', 'saved cars sold') : null,
  ].filter(Boolean);

  const lines = [`Your CarDealer alerts since the last digest: ${summary.join(', ')}.`, ''];
  for (const search of groups(matches, (alert) => alert.savedSearchId ?? '')) {
    const n = count(search.length, 'new car', 'new cars');
    lines.push(`== ${n} for your saved search:`, quotedLine(search[0]!.searchName ?? ''), '');
    for (const alert of search) lines.push(...carLines(alert, origin), '');
    lines.push(...searchLinks(search[0]!.searchQuery, origin), '');
  }
  if (drops.length) {
    lines.push('== Saved cars with a lower price:', '');
    for (const car of drops) {
      // One entry per car: from its highest price to its latest.
      const last = car[car.length - 1]!;
      lines.push(
        ...carLines({ ...last, dropFrom: Math.max(...car.map((c) => c.dropFrom ?? 0)) }, origin),
        '',
      );
    }
  }
  if (sold.length) {
    lines.push('== Saved cars sold:', '');
    for (const alert of sold) lines.push(...carLines(alert, origin), '');
  }
  if (drops.length || sold.length) lines.push(`Your saved cars: ${origin}/dashboad/saved`, '');
  const end = await unsubscribePart(
    db,
    { kind: 'digest', userId: row.user_id },
    origin,
    'To get no more daily e-mails (the app still shows every alert):',
  );
  return {
    subject: `CarDealer: your alerts of the day: ${summary.join(', ')}`,
    text: `${[...lines, ...end.lines].join('\n')}\n`,
    headers: end.headers,
  };
}
