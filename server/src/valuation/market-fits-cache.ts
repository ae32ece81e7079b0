/**
 * The stored fits (market_fits) in memory, a make's at a time: 'What's my car worth?' and the
 * price guide then value a car with arithmetic alone. The fits change only when the market
 * refresh writes them (market-refresh.ts), and every replica runs a refresh after each catalogue
 * change it hears: a refresh that ran here clears this cache (deal-ratio-refresh.ts), so a make's
 * fits are read again once per refresh at most. An entry also lives at most `maxAgeMs`, which
 * bounds an older read whatever happens (a replica that read its fits from a standby behind
 * the primary).
 */

/** A make's fit row as stored. */
export interface StoredFit {
  model: string;
  basis: 'model' | 'make';
  listings: number;
  intercept: number | null;
  age: number | null;
  mileage: number | null;
  condition: number | null;
  sigma: number | null;
}

/** A make's stored fits by model key ('' for the make's own). */
export type MakeFits = ReadonlyMap<string, StoredFit>;

/** The longest a make's fits are kept without a refresh clearing them (ms). */
export const FITS_MAX_AGE_MS = 60_000;

interface Entry {
  readAt: number;
  fits: Promise<MakeFits>;
}

export class MarketFitsCache {
  private readonly makes = new Map<string, Entry>();
  private reads = 0;

  constructor(
    private readonly maxAgeMs = FITS_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The make's fits, kept or read by `load` (one read shared by the asks that wait for it; a
   * failed read is not kept).
   */
  of(make: string, load: () => Promise<MakeFits>): Promise<MakeFits> {
    const at = this.now();
    const kept = this.makes.get(make);
    if (kept && at - kept.readAt < this.maxAgeMs) return kept.fits;
    this.reads += 1;
    const entry: Entry = { readAt: at, fits: load() };
    this.makes.set(make, entry);
    entry.fits.catch(() => {
      if (this.makes.get(make) === entry) this.makes.delete(make);
    });
    return entry.fits;
  }

  /** Forgets every make's fits: the market refresh wrote new ones. */
  clear(): void {
    this.makes.clear();
  }

  /** How many times fits were read from the database (for the tests and the bench). */
  get loads(): number {
    return this.reads;
  }
}
