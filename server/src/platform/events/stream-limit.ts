/** How many event streams one account may hold open on one server process. */
export const MAX_STREAMS_PER_ACCOUNT = 5;

/**
 * How many event streams one address (an IPv6 caller's /64) may hold open on one server process
 * by default (`RATE_LIMIT_STREAMS_PER_ADDRESS`): a household's or an office's tabs stay well
 * under it, new accounts made to hold more streams do not.
 */
export const MAX_STREAMS_PER_ADDRESS = 20;

/**
 * The event streams open on this process, per account and per address: opening one more than
 * the account's limit closes that account's oldest (a client that lost track of its streams, or
 * one opening them to flood the server, keeps the newest); an address at its limit opens none
 * (its streams may be other people's), see `admits`.
 */
export class StreamLimit {
  private readonly open = new Map<string, Set<() => void>>();
  private readonly perAddress = new Map<string, number>();

  /** `maxPerAddress` 0: no limit per address. */
  constructor(
    private readonly max = MAX_STREAMS_PER_ACCOUNT,
    private readonly maxPerAddress = MAX_STREAMS_PER_ADDRESS,
  ) {}

  /** Whether `address` may open one more stream now; the limit when it may not. */
  admits(address: string): { ok: true } | { ok: false; max: number } {
    if (this.maxPerAddress === 0 || this.addressCount(address) < this.maxPerAddress) {
      return { ok: true };
    }
    return { ok: false, max: this.maxPerAddress };
  }

  /**
   * Counts a stream of `account` from `address`; `close` ends it when newer ones push it out.
   * Answers the function to call once the stream has ended (by itself or by `close`).
   */
  add(account: string, address: string, close: () => void): () => void {
    let streams = this.open.get(account);
    if (!streams) this.open.set(account, (streams = new Set()));
    streams.add(close);
    this.perAddress.set(address, this.addressCount(address) + 1);
    // A Set keeps insertion order: the first is the oldest.
    while (streams.size > this.max) {
      const oldest = streams.values().next().value as () => void;
      streams.delete(oldest);
      oldest();
    }
    let released = false;
    return () => {
      streams.delete(close);
      if (streams.size === 0 && this.open.get(account) === streams) this.open.delete(account);
      if (released) return;
      released = true;
      const left = this.addressCount(address) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    };
  }

  /** Streams open for this account now. */
  count(account: string): number {
    return this.open.get(account)?.size ?? 0;
  }

  /** Streams open from this address now. */
  addressCount(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }
}
