/**
 * Decodes VINs from NHTSA's vPIC data with no network, in one worker thread per process
 * (vin-worker.ts), so that a decode (synchronous SQLite, about 110–140 ms) never holds up the server's
 * other requests. The thread starts at the first decode and stays; it opens the database once.
 * Decodes wait their turn in a queue (one at a time: the thread has one core), a
 * queue of at most `maxQueue`. Each decode has a budget once the thread is open, `budgetMs`
 * waiting and decoding together: past it the caller is answered as unavailable (busy, when it
 * still waits; too slow, when decoding, whose answer then goes to nobody), so a long line never
 * holds callers for long. A decode that takes longer than `timeoutMs` is answered as unavailable
 * and its thread replaced (a stuck query cannot be interrupted otherwise); the queue goes on in
 * the new one. `close()` ends the thread (the app closes it).
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './vin-messages';
import { vehicleOf, type DecodedVehicle } from './vin-vehicle';

/** Decoding cannot answer now (too slow, too busy, the database would not open): a 503. */
export class VinDecodingUnavailable extends Error {}

export const TOO_SLOW = 'Decoding this VIN took too long: try again in a moment';
export const TOO_BUSY = 'Too many VINs are being decoded: try again in a moment';
export const BUSY = 'VIN decoding is busy: try again in a moment';
export const NOT_STARTED = 'VIN decoding is not available right now: try again later';
export const STOPPING = 'The server is stopping';

export interface VinDecoderOptions {
  /** How long one decode may take once the thread has it (default 5 s). */
  timeoutMs?: number;
  /**
   * How long a caller waits at most once the thread is open, in line and decoding (default
   * DEFAULT_VIN_BUDGET_MS).
   */
  budgetMs?: number;
  /** How long the thread may take to unpack and open the database (default 2 minutes). */
  openTimeoutMs?: number;
  /** Decodes waiting at most; one more is refused as too busy (default 50). */
  maxQueue?: number;
  /** Where the unpacked database is kept (default `.cache/vpic`, or VPIC_CACHE_DIR). */
  cacheDir?: string;
}

/**
 * The default of `budgetMs`: a decode takes 110–400 ms (a new thread's first, a second or so),
 * so a handful in line fit, and nobody waits on a long line.
 */
export const DEFAULT_VIN_BUDGET_MS = 4000;

interface Pending {
  id: number;
  vin: string;
  timeoutMs: number;
  /** Ends the caller's wait (set once the thread is open). */
  budget: NodeJS.Timeout | null;
  resolve(vehicle: DecodedVehicle | null): void;
  reject(error: Error): void;
}

/** The thread runs TypeScript: tsx's require hook first (the server itself runs under tsx). */
const WORKER_SOURCE =
  `require(${JSON.stringify(require.resolve('tsx/cjs'))});\n` +
  `require(${JSON.stringify(join(__dirname, 'vin-worker.ts'))});`;

export class VinDecoder {
  private readonly timeoutMs: number;
  private readonly budgetMs: number;
  private readonly openTimeoutMs: number;
  private readonly maxQueue: number;
  private readonly cacheDir: string | undefined;
  private worker: Worker | null = null;
  private ready = false;
  private closed = false;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  /** Threads started so far (a replaced one counts again). */
  starts = 0;
  /** How long the current thread took to open the database (ms), once it has. */
  openMs: number | null = null;
  /** How long the last decode took in the thread (ms). */
  lastDecodeMs: number | null = null;

  constructor(options: VinDecoderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.budgetMs = options.budgetMs ?? DEFAULT_VIN_BUDGET_MS;
    this.openTimeoutMs = options.openTimeoutMs ?? 120_000;
    this.maxQueue = options.maxQueue ?? 50;
    this.cacheDir = options.cacheDir ?? (process.env.VPIC_CACHE_DIR || undefined);
  }

  /** What vPIC knows of a checked VIN (vin-check.ts), or null when it knows nothing. */
  decode(vin: string, options: { timeoutMs?: number } = {}): Promise<DecodedVehicle | null> {
    if (this.closed) return Promise.reject(new VinDecodingUnavailable(STOPPING));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(new VinDecodingUnavailable(TOO_BUSY));
    }
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        vin,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        budget: null,
        resolve: (vehicle) => {
          this.endBudget(pending);
          resolve(vehicle);
        },
        reject: (error) => {
          this.endBudget(pending);
          reject(error);
        },
      };
      this.queue.push(pending);
      if (this.ready) this.startBudget(pending);
      this.start();
      this.pump();
    });
  }

  /** Starts a decode's budget: past it, its caller is answered (busy, or too slow). */
  private startBudget(pending: Pending): void {
    if (pending.budget) return;
    pending.budget = setTimeout(() => {
      pending.budget = null;
      const waiting = this.queue.indexOf(pending);
      if (waiting >= 0) this.queue.splice(waiting, 1);
      // A decode under way goes on (its answer goes to nobody); `timeoutMs` still ends it.
      pending.reject(new VinDecodingUnavailable(waiting >= 0 ? BUSY : TOO_SLOW));
    }, this.budgetMs);
    pending.budget.unref();
  }

  private endBudget(pending: Pending): void {
    if (pending.budget) clearTimeout(pending.budget);
    pending.budget = null;
  }

  /** Ends the thread; decodes still waiting are answered as unavailable. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(STOPPING);
    await this.stop();
  }

  private start(): void {
    if (this.worker) return;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { cacheDir: this.cacheDir },
    });
    this.worker = worker;
    this.ready = false;
    this.openMs = null;
    this.starts += 1;
    this.setTimer(this.openTimeoutMs, () => {
      this.failAll(NOT_STARTED);
      void this.stop();
    });
    worker.on('message', (message: FromWorker) => this.onMessage(worker, message));
    worker.on('error', () => {
      /* the 'exit' that follows says what to do */
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return; // replaced or stopped on purpose
      this.worker = null;
      this.clearTimer();
      this.failAll(NOT_STARTED);
    });
  }

  private onMessage(worker: Worker, message: FromWorker): void {
    if (this.worker !== worker) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.openMs = message.openMs;
        this.clearTimer();
        for (const pending of this.queue) this.startBudget(pending);
        this.pump();
        return;
      case 'failed':
        this.failAll(NOT_STARTED);
        void this.stop();
        return;
      case 'decoded':
      case 'error': {
        const current = this.current;
        if (!current || current.id !== message.id) return;
        this.clearTimer();
        this.current = null;
        if (message.type === 'decoded') {
          this.lastDecodeMs = message.ms;
          current.resolve(message.vehicle && vehicleOf(message.vehicle));
        } else {
          current.reject(new Error(`VIN decoding failed: ${message.message}`));
        }
        this.pump();
      }
    }
  }

  /** Hands the thread the next VIN once it is ready and free; lets the process exit when idle. */
  private pump(): void {
    const worker = this.worker;
    if (!worker) return;
    if (this.current || this.queue.length === 0) {
      if (!this.current && this.queue.length === 0) worker.unref();
      return;
    }
    worker.ref();
    if (!this.ready) return;
    const next = this.queue.shift()!;
    this.current = next;
    this.setTimer(next.timeoutMs, () => {
      this.current = null;
      next.reject(new VinDecodingUnavailable(TOO_SLOW));
      // The thread is stuck in a query: replace it, and go on with the queue in the new one.
      void this.stop().then(() => {
        if (!this.closed && this.queue.length > 0) {
          this.start();
          this.pump();
        }
      });
    });
    worker.postMessage({ id: next.id, vin: next.vin } satisfies ToWorker);
  }

  private failAll(message: string): void {
    const waiting = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const pending of waiting) pending.reject(new VinDecodingUnavailable(message));
  }

  private async stop(): Promise<void> {
    this.clearTimer();
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    if (worker) await worker.terminate();
  }

  private setTimer(ms: number, onTimeout: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(onTimeout, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
