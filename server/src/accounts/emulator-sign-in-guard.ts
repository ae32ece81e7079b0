/**
 * The demo's lock-out of failed password sign-ins through the emulator proxy: per address, the
 * failures of the window plus the sign-ins still under way, so a burst of guesses sent at once
 * cannot outrun the count. Counted in this process (one node) or in the database, where every
 * replica of a cluster counts the same sign-ins.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitsRepository } from '../platform/http/rate-limits-repository';

/** Failed password sign-ins allowed per address in the window, as Firebase's own throttle. */
export interface SignInThrottle {
  max: number;
  windowSeconds: number;
}

/** Called with a sign-in's outcome: the first call counts, later ones do nothing. Never fails. */
export type Settle = (failed: boolean) => Promise<void>;

export interface SignInGuard {
  /**
   * Reserves a sign-in for the address: null when its failures and sign-ins under way reach the
   * limit, else the function to call with the outcome.
   */
  start(key: string): Promise<Settle | null>;
}

/** Runs `settle` once, whatever calls it later. */
function once(settle: Settle): Settle {
  let settled = false;
  return (failed) => {
    if (settled) return Promise.resolve();
    settled = true;
    return settle(failed);
  };
}

const noCount: Settle = () => Promise.resolve();

/** Each failure counts for `windowSeconds` after it (bounded: old entries go). */
export class MemorySignInGuard implements SignInGuard {
  private readonly failures = new Map<string, number[]>();
  private readonly pending = new Map<string, number>();
  constructor(private readonly rule: SignInThrottle) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  start(key: string): Promise<Settle | null> {
    if (this.rule.max <= 0) return Promise.resolve(noCount);
    const now = Date.now();
    if (this.recent(key, now).length + (this.pending.get(key) ?? 0) >= this.rule.max) {
      return Promise.resolve(null);
    }
    if (this.failures.size > 100_000) this.failures.clear();
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return Promise.resolve(
      once((failed) => {
        const left = (this.pending.get(key) ?? 1) - 1;
        if (left > 0) this.pending.set(key, left);
        else this.pending.delete(key);
        if (failed) this.failures.set(key, [...this.recent(key, Date.now()), Date.now()]);
        return Promise.resolve();
      }),
    );
  }
}

/**
 * In the database's rate-limit windows: a sign-in takes a place in the address's window (which
 * starts at the first sign-in of none) and gives it back unless it failed, so the places taken
 * are the window's failures plus the sign-ins under way on every replica.
 */
export class DatabaseSignInGuard implements SignInGuard {
  constructor(
    private readonly rule: SignInThrottle,
    private readonly windows: Pick<RateLimitsRepository, 'reserve' | 'release'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(address: string): Promise<Settle | null> {
    if (this.rule.max <= 0) return noCount;
    const key = `signin:ip:${address}`;
    const window = await this.windows.reserve(key, this.rule.max, this.rule.windowSeconds * 1000);
    if (window === null) return null;
    return once(async (failed) => {
      if (failed) return;
      await this.windows
        .release(key, window)
        .catch((error: unknown) => this.log.warn({ err: error }, 'a sign-in place kept'));
    });
  }
}
