/**
 * An alert mailed at once (outbox kind 'alert'; the trigger `notifications_insert` enqueues it):
 * the new matches of one saved search (`ref` is its id), or the news of one saved car (`ref` is
 * `car:<id>`: a lower price, its sale), folded while the mail waits (`message_ids`). Composed when
 * it is sent from the alerts still standing (alert-rows.ts); none left: no mail. As in every mail,
 * the platform's words and links stand on lines of their own and what users wrote (a car's name, a
 * search's name) is quoted (deals/mail-text.ts). Every alert mail ends with its unsubscribe link
 * and carries RFC 8058's headers.
 */
import type { Db } from '../platform/db/client';
import { oneLine, quotedLine } from '../platform/mail/mail-text';
import { alertRows, dropOf, type AlertRow, type PrefetchedAlerts } from './alert-rows';
import { dollars } from './alert-text';
import {
  unsubscribeHeaders,
  unsubscribePageUrl,
  unsubscribeTokens,
  type UnsubscribeTarget,
} from './unsubscribe-token';

export interface AlertMail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export const FOOTER = [
  '--',
  'Lines starting with ">" are quoted from CarDealer users; everything else is from CarDealer.',
];

export const carLink = (origin: string, productId: string) =>
  `${origin}/cars/${encodeURIComponent(productId)}`;

/** One car of a mail: its quoted name, what changed (the platform's words), its link. */
export function carLines(alert: AlertRow, origin: string): string[] {
  const news =
    alert.kind === 'saved_sold'
      ? 'Sold.'
      : alert.kind === 'price_drop'
        ? dropLine([alert])
        : `Price: ${dollars(alert.price)}${alert.sold ? ' (sold since)' : ''}`;
  return [
    'Car:',
    quotedLine(alert.carName),
    news,
    `Open the car: ${carLink(origin, alert.productId)}`,
  ];
}

function dropLine(drops: AlertRow[]): string {
  const drop = dropOf(drops);
  return drop ? `Now ${drop.now}: ${drop.less} less.` : `Price: ${dollars(drops[0]!.price)}`;
}

/** The search's links: its cars on /cars, and the list of saved searches. */
export function searchLinks(query: string | null, origin: string): string[] {
  return [
    `See the search: ${origin}/cars${query ? `?${query}` : ''}`,
    `Your saved searches: ${origin}/dashboad/saved-searches`,
  ];
}

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Closes a mail: its unsubscribe line (the page) and the footer; the headers for one click. */
export async function unsubscribePart(
  db: Db,
  target: UnsubscribeTarget,
  origin: string,
  what: string,
): Promise<{ lines: string[]; headers: Record<string, string> }> {
  const token = (await unsubscribeTokens(db)).sign(target);
  return {
    lines: [`${what}`, `Unsubscribe: ${unsubscribePageUrl(origin, token)}`, '', ...FOOTER],
    headers: unsubscribeHeaders(origin, token),
  };
}

/** The mail of an 'alert' row, or null when none of its alerts still stands. */
export async function composeAlertMail(
  db: Db,
  row: { ref: string | null; message_ids: string[] | null; user_id: string },
  origin: string,
  prefetched?: PrefetchedAlerts | null,
): Promise<AlertMail | null> {
  const alerts = await alertRows(db, row.user_id, row.message_ids ?? [], prefetched);
  if (alerts.length === 0) return null;
  const matches = alerts.filter((alert) => alert.kind === 'match');
  if (matches.length > 0) {
    const search = matches[0]!;
    const name = search.searchName ?? '';
    const n = count(matches.length, 'new car', 'new cars');
    const lines = [`${n} for your saved search:`, quotedLine(name), ''];
    for (const alert of matches) lines.push(...carLines(alert, origin), '');
    lines.push(...searchLinks(search.searchQuery, origin), '');
    const end = await unsubscribePart(
      db,
      { kind: 'search', searchId: search.savedSearchId! },
      origin,
      'To get no more e-mails for this search:',
    );
    return {
      subject: `CarDealer: ${n} for "${oneLine(name, 80)}"`,
      text: `${[...lines, ...end.lines].join('\n')}\n`,
      headers: end.headers,
    };
  }
  // A saved car's news: all of one car (its row's target).
  const car = alerts[alerts.length - 1]!;
  const sold = alerts.some((alert) => alert.kind === 'saved_sold');
  const drops = alerts.filter((alert) => alert.kind === 'price_drop');
  const name = oneLine(car.carName, 80);
  const drop = dropOf(drops);
  const subject = sold
    ? `${name}, which you saved, has been sold`
    : drop
      ? `${name} is ${drop.less} cheaper`
      : `News of ${name}, which you saved`;
  const lines = [
    sold ? 'A car you saved has been sold.' : 'A car you saved is cheaper.',
    '',
    'Car:',
    quotedLine(car.carName),
    sold ? 'Sold.' : dropLine(drops),
    `Open the car: ${carLink(origin, car.productId)}`,
    `Your saved cars: ${origin}/dashboad/saved`,
    '',
  ];
  const end = await unsubscribePart(
    db,
    { kind: 'car', userId: row.user_id, productId: car.productId },
    origin,
    'To get no more e-mails about this car:',
  );
  return {
    subject: `CarDealer: ${subject}`,
    text: `${[...lines, ...end.lines].join('\n')}\n`,
    headers: end.headers,
  };
}
