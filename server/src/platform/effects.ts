/**
 * What each domain's background work reads from the database, in sight: the triggers that feed
 * it, the queue tables it drains and the NOTIFY channels it listens on. Every domain with such
 * work exports one `DomainEffects` from the `effects.ts` of its folder (this file holds the
 * platform's own); the write-effects test (server/test/write-effects.test.ts) holds them to the
 * migrated database and to the code, and docs/architecture.md ("What a write sets off") follows
 * each write from the call that makes it to its last effect. A new trigger, queue table or
 * channel is declared in the domain that consumes it, and in that table.
 *
 * Paths (`worker`) are from the repository's root; migrations are files of server/drizzle/.
 */

/** A trigger, declared by the one domain that consumes what it writes. */
export interface TriggerEffect {
  /** Its name (pg_trigger's tgname). */
  name: string;
  /** The table it is on. */
  table: string;
  /**
   * When it fires: 'before' or 'after', its events in the order insert, update, delete joined by
   * ' or ', then ', each row' or ', each statement' (columns and WHEN conditions left out).
   */
  fires: string;
  /** The migration that created it (a later one may have replaced its function). */
  migration: string;
  /** What it writes: queue tables, kept tables or columns (table.column), NOTIFY channels. */
  feeds: readonly string[];
}

/** A table that triggers or writes fill and a worker drains, or reads to catch up. */
export interface QueueEffect {
  table: string;
  /** The migration that made it (or made it a queue). */
  migration: string;
  /** The file whose code reads it, from the repository's root. */
  worker: string;
  /** What the worker does with it. */
  effect: string;
}

/** A NOTIFY channel and one file that LISTENs on it. */
export interface ChannelEffect {
  name: string;
  /** The migration of the first trigger that notified on it. */
  migration: string;
  /** The file that listens, from the repository's root. */
  worker: string;
  /** What a notice makes it do. */
  effect: string;
}

export interface DomainEffects {
  triggers: readonly TriggerEffect[];
  queues: readonly QueueEffect[];
  channels: readonly ChannelEffect[];
}

/**
 * What the platform's background work reads: every notification's mail (the outbox, drained by
 * the mail worker) and live event (the events channel, heard by every replica's event hub), and
 * the catalogue's change notices (every replica's catalogue cache starts again, and the work
 * that follows the catalogue is woken through it).
 */
export const platformEffects: DomainEffects = {
  triggers: [
    {
      name: 'notifications_insert',
      table: 'notifications',
      fires: 'after insert, each row',
      migration: '0005_deals.sql',
      feeds: ['outbox', 'cardealer_events'],
    },
    {
      name: 'products_catalogue_change',
      table: 'products',
      fires: 'after insert or update or delete, each statement',
      migration: '0007_catalogue_changes.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'categories_catalogue_change',
      table: 'categories',
      fires: 'after insert or update or delete, each statement',
      migration: '0007_catalogue_changes.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'users_catalogue_change',
      table: 'users',
      fires: 'after update or delete, each statement',
      migration: '0038_account_settings.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'dealer_profiles_catalogue_change',
      table: 'dealer_profiles',
      fires: 'after insert or update or delete, each statement',
      migration: '0043_dealer_profiles.sql',
      feeds: ['cardealer_catalogue'],
    },
  ],
  queues: [
    {
      table: 'outbox',
      migration: '0005_deals.sql',
      worker: 'server/src/platform/mail/mail-worker.ts',
      effect: 'composes and sends each due row as an e-mail, retries refused ones, marks it sent',
    },
  ],
  channels: [
    {
      name: 'cardealer_events',
      migration: '0005_deals.sql',
      worker: 'server/src/platform/events/event-hub.ts',
      effect:
        "hands each notification to its account's open event streams; ends a deleted or " +
        "suspended account's streams",
    },
    {
      name: 'cardealer_events',
      migration: '0005_deals.sql',
      worker: 'server/src/platform/mail/mail-worker.ts',
      effect: 'wakes the mail worker at once instead of at its next look',
    },
    {
      name: 'cardealer_catalogue',
      migration: '0007_catalogue_changes.sql',
      worker: 'server/src/platform/cache/catalogue-sync.ts',
      effect:
        "clears this replica's catalogue cache (and, through it, wakes the market values' " +
        "refresh and the alert matcher and drops the sitemap's kept files), records the change " +
        'seen in catalogue_replicas, answers write barriers',
    },
  ],
};
