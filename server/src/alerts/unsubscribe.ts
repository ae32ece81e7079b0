/**
 * What an unsubscribe link stops, said and done: a saved search's e-mails (notify 'never'), one
 * saved car's alerts of an account (alerts off), an account's daily digest (digest off). Doing it
 * twice is doing it once; a target that is gone (the search or the saved car deleted, the account
 * deleted) leaves nothing to stop, and nothing is written.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { oneLine } from '../platform/mail/mail-text';
import type { UnsubscribeTarget } from './unsubscribe-token';

export interface UnsubscribeOutcome {
  /** What the link is for. */
  target: UnsubscribeTarget['kind'];
  /** False: its target is gone, there was nothing to stop. */
  found: boolean;
  /** The search's or the car's name (one line), when there is one. */
  name: string | null;
  /** The sentence a person reads. */
  message: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const GONE: Record<UnsubscribeTarget['kind'], string> = {
  search: 'There is nothing to stop: this saved search has been deleted',
  car: 'There is nothing to stop: this car is no longer saved',
  digest: 'There is nothing to stop: this account has been deleted',
};

function outcome(target: UnsubscribeTarget, name: string | null | undefined, done: boolean) {
  if (name === undefined) {
    return { target: target.kind, found: false, name: null, message: GONE[target.kind] };
  }
  const flat = name === null ? null : oneLine(name, 80);
  const message =
    target.kind === 'search'
      ? done
        ? `You will no longer get e-mails for "${flat}"`
        : `Stop e-mails for "${flat}"?`
      : target.kind === 'car'
        ? done
          ? `You will no longer get e-mails about "${flat}"`
          : `Stop e-mails about "${flat}"?`
        : done
          ? 'You will no longer get the daily e-mail of your alerts'
          : 'Stop the daily e-mail of your alerts?';
  return { target: target.kind, found: true, name: flat, message };
}

/** What the link would stop, without stopping it (the page a person opens first). */
export async function describeUnsubscribe(
  db: Db,
  target: UnsubscribeTarget,
): Promise<UnsubscribeOutcome> {
  const [row] = rowsOf<{ name: string | null }>(
    await db.execute(
      target.kind === 'search'
        ? sql`select name from saved_searches where id = ${target.searchId}`
        : target.kind === 'car'
          ? sql`select car_name as name from saved_cars
                where user_id = ${target.userId} and product_id = ${target.productId}`
          : sql`select null::text as name from users where id = ${target.userId}`,
    ),
  );
  return outcome(target, row ? row.name : undefined, false);
}

/**
 * Stops what the link names (idempotent: a replayed link finds it stopped and writes nothing,
 * while still naming what it stopped).
 */
export async function unsubscribe(db: Db, target: UnsubscribeTarget): Promise<UnsubscribeOutcome> {
  const [row] = rowsOf<{ name: string | null }>(
    await db.execute(
      target.kind === 'search'
        ? sql`with found as (select id, name from saved_searches where id = ${target.searchId}),
                stopped as (update saved_searches s set notify = 'never' from found
                            where s.id = found.id and s.notify <> 'never')
              select name from found`
        : target.kind === 'car'
          ? sql`with found as (select user_id, product_id, car_name as name from saved_cars
                               where user_id = ${target.userId} and product_id = ${target.productId}),
                  stopped as (update saved_cars s set alerts = false from found
                              where s.user_id = found.user_id and s.product_id = found.product_id
                                and s.alerts)
                select name from found`
          : sql`with found as (select id from users where id = ${target.userId}),
                  stopped as (insert into alert_settings (user_id, digest) select id, false from found
                              on conflict (user_id) do update set digest = false
                              where alert_settings.digest)
                select null::text as name from found`,
    ),
  );
  return outcome(target, row ? row.name : undefined, true);
}
