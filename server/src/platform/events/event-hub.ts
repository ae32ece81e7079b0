/**
 * Live events for the signed-in users' streams. Every replica LISTENs on one PostgreSQL channel
 * (PGlite: in-process); writes NOTIFY inside their transaction (the trigger
 * `notifications_insert`, and `users_delete_orders` on deleted users), so an event reaches every
 * replica's streams once its change is committed. When the LISTEN connection was lost and listens
 * again (a failover), the notifications written meanwhile for the open streams are read back from
 * their table and told to the streams: a notice may then come twice, never not at all.
 */
import type { NOTIFICATION_KINDS } from '../db/schema-deals';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_ADDRESS, StreamLimit } from './stream-limit';

type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EVENTS_CHANNEL = 'cardealer_events';

/** What a NOTIFY on the channel carries (kept small: NOTIFY payloads stop at 8,000 bytes). */
export interface DealEvent {
  type: 'notification';
  /** Whose stream it is for: the account's id. */
  to: string;
  /** The booking; null for an alert. */
  orderId: string | null;
  kind: NotificationKind;
  /** An alert's car and, for a match, its saved search; null otherwise. */
  productId?: string | null;
  savedSearchId?: string | null;
}

/**
 * An account was deleted (the trigger `users_delete_orders`), suspended (trust/suspension.ts) or
 * signed out everywhere (accounts/sign-out-everywhere.ts): every replica ends its streams. `uid`
 * is null for a record made before sign-in accounts were kept.
 */
export interface AccountDeletedEvent {
  type: 'account-deleted' | 'account-suspended' | 'account-signed-out';
  userId: string;
  uid: string | null;
}

export type HubEvent = DealEvent | AccountDeletedEvent;

/** Why an account's streams end. */
export type AccountEnd = 'deleted' | 'suspended' | 'signed-out';

const ACCOUNT_ENDS: Record<AccountDeletedEvent['type'], AccountEnd> = {
  'account-deleted': 'deleted',
  'account-suspended': 'suspended',
  'account-signed-out': 'signed-out',
};

/** Whose streams an account-deleted event ends: the record's id and the sign-in account's uid. */
export interface AccountKeys {
  userId?: string;
  uid: string;
}

type Listener = (event: DealEvent) => void;
/** LISTEN on a channel; `onGap` is told how long (ms) a lost connection may have missed notices. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onGap?: (ms: number) => void,
) => Promise<() => Promise<void>>;

/**
 * Reads back the notifications of `userIds` written within the last `seconds` (the database's
 * clock), oldest first (platform/events/missed-notifications.ts).
 */
export type MissedEvents = (userIds: string[], seconds: number) => Promise<DealEvent[]>;

/**
 * The records of `userIds` as they are now (platform/events/missed-account-ends.ts); an account
 * without one was deleted. `tokensValidAfter`: ms since 1970, null when never signed out.
 */
export type AccountStates = (
  userIds: string[],
) => Promise<Map<string, { suspended: boolean; tokensValidAfter: number | null }>>;

/** What a lost LISTEN connection may have missed, read back once it listens again. */
export interface Missed {
  notifications: MissedEvents;
  accounts: AccountStates;
}

/**
 * Added to a gap before its notices are read back: a notification's time is its transaction's
 * start, which comes before its commit (and its NOTIFY).
 */
export const GAP_MARGIN_MS = 5_000;

export function parse(payload: string): HubEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<DealEvent> | Partial<AccountDeletedEvent>;
    if (event.type === 'notification') {
      return typeof event.to === 'string' ? (event as DealEvent) : null;
    }
    if (typeof event.type === 'string' && Object.hasOwn(ACCOUNT_ENDS, event.type)) {
      const ended = event as Partial<AccountDeletedEvent>;
      const valid =
        typeof ended.userId === 'string' && (ended.uid === null || typeof ended.uid === 'string');
      return valid ? (ended as AccountDeletedEvent) : null;
    }
    return null;
  } catch {
    return null;
  }
}

const accountKeys = ({ userId, uid }: { userId?: string; uid: string | null }) => [
  ...(userId ? [`user:${userId}`] : []),
  ...(uid ? [`uid:${uid}`] : []),
];

export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly endListeners = new Map<string, Set<(why: AccountEnd) => void>>();
  /** Each stream's account watch: whose, and when it began (ms since 1970). */
  private readonly watches = new Map<(why: AccountEnd) => void, AccountKeys & { since: number }>();
  private stop: (() => Promise<void>) | null = null;
  /** The streams open on this process per account (at most 5 each) and per address. */
  readonly streams: StreamLimit;

  /**
   * `streamsPerAddress`: the streams one address may hold on this process (0: no limit);
   * `missed`: reads back what a lost LISTEN connection did not hear.
   */
  constructor(
    private readonly listen?: Listen,
    streamsPerAddress = MAX_STREAMS_PER_ADDRESS,
    private readonly missed?: Missed,
  ) {
    this.streams = new StreamLimit(MAX_STREAMS_PER_ACCOUNT, streamsPerAddress);
  }

  /** Starts listening on the database (once). */
  async start(): Promise<void> {
    if (this.stop || !this.listen) return;
    this.stop = await this.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const event = parse(payload);
        if (event?.type === 'notification') {
          this.deliver(event);
        } else if (event) {
          const ends = accountKeys(event).flatMap((key) => [...(this.endListeners.get(key) ?? [])]);
          const why = ACCOUNT_ENDS[event.type];
          for (const end of new Set(ends)) end(why);
        }
      },
      (ms) => {
        void this.catchUp(ms);
        void this.checkAccounts();
      },
    );
  }

  private deliver(event: DealEvent): void {
    for (const listener of this.listeners.get(event.to) ?? []) listener(event);
  }

  /**
   * Tells the open streams the notifications written in the last `ms` (and the margin), which
   * the lost connection may not have heard. One that fails (the database gone again) is given
   * up: those notices show at the page's next load.
   */
  private async catchUp(ms: number): Promise<void> {
    const accounts = [...this.listeners.keys()];
    if (!this.missed || accounts.length === 0) return;
    const seconds = Math.ceil((ms + GAP_MARGIN_MS) / 1000);
    const events = await this.missed.notifications(accounts, seconds).catch(() => []);
    for (const event of events) this.deliver(event);
  }

  /**
   * Ends the watched streams whose account was deleted, suspended or signed out everywhere while
   * the connection was lost, as the notice would have: the record gone, suspended now, or tokens
   * refused from after the stream began (its token was issued before). A check that fails (the
   * database gone again) is given up: such a stream's next call is refused all the same.
   */
  private async checkAccounts(): Promise<void> {
    const watches = [...this.watches];
    const userIds = [...new Set(watches.flatMap(([, account]) => account.userId ?? []))];
    if (!this.missed || userIds.length === 0) return;
    const states = await this.missed.accounts(userIds).catch(() => undefined);
    if (!states) return;
    for (const [end, { userId, since }] of watches) {
      if (userId === undefined) continue;
      const state = states.get(userId);
      if (!state) end('deleted');
      else if (state.suspended) end('suspended');
      else if (state.tokensValidAfter !== null && state.tokensValidAfter > since) end('signed-out');
    }
  }

  /** Calls `onDeleted` once when the account is deleted or suspended, until the returned function is called. */
  onAccountDeleted(account: AccountKeys, onDeleted: (why: AccountEnd) => void): () => void {
    let called = false;
    const once = (why: AccountEnd) => {
      if (called) return;
      called = true;
      onDeleted(why);
    };
    const keys = accountKeys(account);
    for (const key of keys) {
      let set = this.endListeners.get(key);
      if (!set) this.endListeners.set(key, (set = new Set()));
      set.add(once);
    }
    this.watches.set(once, { ...account, since: Date.now() });
    return () => {
      this.watches.delete(once);
      for (const key of keys) {
        const set = this.endListeners.get(key);
        set?.delete(once);
        if (set?.size === 0) this.endListeners.delete(key);
      }
    };
  }

  /** Calls `listener` with each event for the account `userId` until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Streams open now (for tests and the health of a replica). */
  get subscribers(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}
