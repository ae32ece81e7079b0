import { DEFAULT_IMAGE_WORK, type ImageWorkLimits } from './images/image-work';

/** Reads a whole number setting (config.ts's `int`): the fallback when unset, else checked. */
type ReadInt = (name: string, fallback: number, min: number, max: number) => number;

/**
 * How much image work one process does (image-host/image-work.ts): `IMAGE_WORK_CONCURRENCY`
 * photos at once, `IMAGE_WORK_QUEUE` more waiting (then a 503), `IMAGE_TIMEOUT_SECONDS` for
 * each sharp step, uploads of at most `IMAGE_MAX_MEGAPIXELS`, `IMAGE_THREADS` libvips threads
 * for each step.
 */
export function imageWorkSettings(int: ReadInt): ImageWorkLimits {
  const defaults = DEFAULT_IMAGE_WORK;
  return {
    concurrency: int('IMAGE_WORK_CONCURRENCY', defaults.concurrency, 1, 64),
    queue: int('IMAGE_WORK_QUEUE', defaults.queue, 0, 10_000),
    timeoutSeconds: int('IMAGE_TIMEOUT_SECONDS', defaults.timeoutSeconds, 1, 600),
    maxPixels: int('IMAGE_MAX_MEGAPIXELS', defaults.maxPixels / 1_000_000, 1, 50) * 1_000_000,
    threads: int('IMAGE_THREADS', defaults.threads, 1, 64),
  };
}
