import sharp from 'sharp';
import { httpError } from '../platform/http/errors';

/**
 * How much image work (decoding, resizing, encoding with sharp) one process does at once. sharp
 * runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), the pool
 * that gzip, file reads and DNS look-ups of every request share: unbounded, a burst of large
 * photos fills it and every request waits behind them.
 */
export interface ImageWorkLimits {
  /** Photos processed at once (`IMAGE_WORK_CONCURRENCY`): each holds one pool thread at a time. */
  concurrency: number;
  /** Photos that may wait for their turn (`IMAGE_WORK_QUEUE`); past them a 503. */
  queue: number;
  /** The longest one sharp step may take (`IMAGE_TIMEOUT_SECONDS`) before it is stopped. */
  timeoutSeconds: number;
  /** The most pixels an upload may have, every frame counted (`IMAGE_MAX_MEGAPIXELS` × 10⁶). */
  maxPixels: number;
  /** libvips's own threads for one image step (`IMAGE_THREADS`; sharp's default: every core). */
  threads: number;
}

/**
 * 24 megapixels is what a phone camera takes (12 to 24); at 49 megapixels one photo kept its
 * thread for seconds (docs/figures.md). One at a time: re-encoding a 24-megapixel photo holds
 * about 300 MB while it runs (libwebp's buffers), and leaves the pool three threads for requests.
 */
export const DEFAULT_IMAGE_WORK: ImageWorkLimits = {
  concurrency: 1,
  queue: 8,
  timeoutSeconds: 20,
  maxPixels: 24_000_000,
  threads: 1,
};

export const TOO_MANY_PHOTOS = 'Too many photos are being processed: try again in a minute';

/**
 * A bounded line for image work: `concurrency` jobs run, `queue` more wait in order, and a job
 * past them is refused at once with a 503 (it never starts). Each job should do its sharp steps
 * one after another, so that it holds one pool thread at a time.
 */
export class ImageWork {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limits: ImageWorkLimits) {}

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` in its turn; throws a 503 when the line is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) {
        throw Object.assign(httpError(503, TOO_MANY_PHOTOS), { retryAfterSeconds: 60 });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes to the next in line as it is (running stays counted), else it is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /**
   * Runs `job` only when a slot is free now, for work that can be done later instead (it never
   * waits in the line, so a request that does it is not held behind uploads); answers whether
   * it ran.
   */
  async runIfFree(job: () => Promise<unknown>): Promise<boolean> {
    if (this.running >= this.limits.concurrency) return false;
    await this.run(job);
    return true;
  }
}

/** Sets libvips's threads per image step for this process (a setting of sharp's, process-wide). */
export function setImageThreads(threads: number): void {
  sharp.concurrency(threads);
}
