/** How many event streams one account may hold open on one server process. */
export const MAX_STREAMS_PER_ACCOUNT = 5;

/**
 * The event streams open on this process, per account: opening one more than the limit closes
 * that account's oldest (a client that lost track of its streams, or one opening them to flood
 * the server, keeps the newest).
 */
export class StreamLimit {
  private readonly open = new Map<string, Set<() => void>>();

  constructor(private readonly max = MAX_STREAMS_PER_ACCOUNT) {}

  /**
   * Counts a stream of `account`; `close` ends it when newer ones push it out. Answers the
   * function to call once the stream has ended (by itself or by `close`).
   */
  add(account: string, close: () => void): () => void {
    let streams = this.open.get(account);
    if (!streams) this.open.set(account, (streams = new Set()));
    streams.add(close);
    // A Set keeps insertion order: the first is the oldest.
    while (streams.size > this.max) {
      const oldest = streams.values().next().value as () => void;
      streams.delete(oldest);
      oldest();
    }
    return () => {
      streams.delete(close);
      if (streams.size === 0 && this.open.get(account) === streams) this.open.delete(account);
    };
  }

  /** Streams open for this account now. */
  count(account: string): number {
    return this.open.get(account)?.size ?? 0;
  }
}
