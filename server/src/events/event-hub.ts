/**
 * Live events for the signed-in users' streams. Every replica LISTENs on one PostgreSQL channel
 * (PGlite: in-process); writes NOTIFY inside their transaction (migration 0005's trigger on
 * notifications), so an event reaches every replica's streams once its change is committed.
 */
export const EVENTS_CHANNEL = 'cardealer_events';

/** What a NOTIFY on the channel carries (kept small: NOTIFY payloads stop at 8,000 bytes). */
export interface DealEvent {
  type: 'notification';
  /** Whose stream it is for. */
  to: string;
  orderId: string;
  kind: 'booking' | 'status' | 'message';
}

type Listener = (event: DealEvent) => void;
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

function parse(payload: string): DealEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<DealEvent>;
    return event.type === 'notification' && typeof event.to === 'string'
      ? (event as DealEvent)
      : null;
  } catch {
    return null;
  }
}

export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly listen?: Listen) {}

  /** Starts listening on the database (once). */
  async start(): Promise<void> {
    if (this.stop || !this.listen) return;
    this.stop = await this.listen(EVENTS_CHANNEL, (payload) => {
      const event = parse(payload);
      if (!event) return;
      for (const listener of this.listeners.get(event.to) ?? []) listener(event);
    });
  }

  /** Calls `listener` with each event for `email` until the returned function is called. */
  subscribe(email: string, listener: Listener): () => void {
    let set = this.listeners.get(email);
    if (!set) this.listeners.set(email, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(email);
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
