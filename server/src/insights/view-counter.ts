/**
 * Counting a car's views off the request path: a view is noted in memory (no query, no await) and
 * written with the others in one statement every `flushMs`, or as soon as `batch` wait, and when
 * the app closes. A visitor is hashed only when written, with the day's salt shared by every
 * replica (`view_salts`): the signed-in account, or else the address (its network, as the rate
 * limits count it) and the browser. Neither is ever written in clear; a day's salt is deleted the
 * day after, and then no hash can be traced back to anyone.
 *
 * At most `cap` views wait: past it (the database away for long) new ones are dropped and
 * counted in `cardealer_car_views_dropped_total`, so memory stays bounded.
 */
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { clientNetwork } from '../platform/http/client-network';
import { isRobot } from './robots';

export interface ViewCountingOptions {
  /** The longest a view waits in memory before it is written (ms). */
  flushMs: number;
  /** Views written in one statement; this many waiting are written at once. */
  batch: number;
  /** The most views waiting; past it new ones are dropped (and counted). */
  cap: number;
}

export const DEFAULT_VIEW_COUNTING: ViewCountingOptions = {
  flushMs: 1000,
  batch: 500,
  cap: 50_000,
};

/** Who opened a car, as the request says. */
export interface ViewRequest {
  carId: string;
  /** The signed-in account's key (its id), or null for anyone else. */
  account: string | null;
  /** The account's e-mail: a seller's views of their own car are not counted. */
  accountEmail?: string | null;
  address: string;
  userAgent: string | undefined;
}

/** A view waiting to be written: the visitor still in clear, in memory only. */
interface PendingView {
  carId: string;
  day: string;
  who: string;
  viewer: string | null;
}

/** What the counter reports to the process's metrics. */
export interface ViewCounterMetrics {
  recorded(): void;
  dropped(reason: 'full' | 'failed', count: number): void;
}

const NO_METRICS: ViewCounterMetrics = { recorded: () => {}, dropped: () => {} };

/** The UTC day of `at` (YYYY-MM-DD). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export class ViewCounter {
  private pending: PendingView[] = [];
  /** The waiting views' keys: the same visitor's second view before a write is not kept. */
  private readonly keys = new Set<string>();
  private readonly salts = new Map<string, Buffer>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: ViewCountingOptions = DEFAULT_VIEW_COUNTING,
    private readonly metrics: ViewCounterMetrics = NO_METRICS,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Starts writing every `flushMs`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** How many views wait to be written. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Notes a view; answers whether it was kept (not a robot's, not a repeat, not past the cap). */
  record(view: ViewRequest): boolean {
    if (isRobot(view.userAgent)) return false;
    const who = view.account
      ? `account:${view.account}`
      : `visitor:${clientNetwork(view.address)}|${view.userAgent ?? ''}`;
    const day = dayOf(this.now());
    const key = `${view.carId}|${day}|${who}`;
    if (this.keys.has(key)) return false;
    if (this.pending.length >= this.options.cap) {
      this.metrics.dropped('full', 1);
      return false;
    }
    this.keys.add(key);
    this.pending.push({ carId: view.carId, day, who, viewer: view.accountEmail ?? null });
    this.metrics.recorded();
    if (this.pending.length >= this.options.batch) void this.flush();
    return true;
  }

  /** Writes every view waiting now (after any write under way); never rejects. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeWaiting());
    return this.writing;
  }

  /** Stops the timer and writes what waits. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeWaiting(): Promise<void> {
    while (this.pending.length > 0) {
      const views = this.pending.splice(0, this.options.batch);
      for (const view of views) this.keys.delete(`${view.carId}|${view.day}|${view.who}`);
      try {
        await this.write(views);
      } catch (error) {
        this.metrics.dropped('failed', views.length);
        this.onError(error);
      }
    }
  }

  /** One statement: the views of cars that exist, each visitor of a day once. */
  private async write(views: PendingView[]): Promise<void> {
    const rows = [];
    for (const view of views) {
      const salt = await this.saltOf(view.day);
      const visitor = createHash('sha256').update(salt).update(view.who).digest('base64url');
      rows.push({
        car_id: view.carId,
        day: view.day,
        visitor: visitor.slice(0, 22),
        viewer: view.viewer,
      });
    }
    await this.db.execute(sql`
      insert into car_views (car_id, day, visitor)
      select v.car_id, v.day, v.visitor
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as v(car_id text, day date, visitor text, viewer text)
        join products p on p.id = v.car_id
       where v.viewer is null or lower(v.viewer) <> lower(p.email)
      on conflict do nothing`);
  }

  /** The day's salt: made by the first replica to need it, read by the others. */
  private async saltOf(day: string): Promise<Buffer> {
    const known = this.salts.get(day);
    if (known) return known;
    await this.db.execute(sql`
      insert into view_salts (day, salt) values (${day}::date, ${randomBytes(32)})
      on conflict (day) do nothing`);
    const [row] = await rowsOf<{ salt: Buffer | Uint8Array }>(
      this.db,
      sql`select salt from view_salts where day = ${day}::date`,
    );
    if (!row) throw new Error(`no view salt for ${day}`);
    // The salts of days before yesterday are of no more use: without them no hash is traced.
    await this.db.execute(sql`delete from view_salts where day < ${day}::date - 1`);
    for (const old of this.salts.keys()) if (old < day) this.salts.delete(old);
    const salt = Buffer.from(row.salt);
    this.salts.set(day, salt);
    return salt;
  }
}
