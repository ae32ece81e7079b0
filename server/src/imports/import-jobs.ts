/**
 * The imports' background jobs in this process: a dry run or an apply, each claimed in the
 * database (`imports.claimed_by`, kept alive by its progress) so that one process runs it, picked
 * up again at start and every minute when its process stopped (a restart, a crash: a claim not
 * kept alive for STALE_SECONDS is free). A stopping process leaves its jobs where they are and
 * frees their claims; the dry run starts again, the apply goes on after its last row written.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { runApply } from './import-apply';
import { runCheck } from './import-check';
import type { ImportJobDeps } from './import-job-deps';
import { isDatabaseUnavailable } from '../platform/db/unavailable';

/** A claim not kept alive this long is free (a job's progress keeps it alive row by row). */
export const STALE_SECONDS = 120;
/** How often a process looks for jobs nobody runs. */
export const PICK_UP_MS = 60_000;
/** Jobs one process runs at once (each decodes VINs and stores photos one at a time). */
export const JOBS_AT_ONCE = 2;

export class ImportJobs {
  private readonly worker = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private readonly waiting: string[] = [];
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: Omit<ImportJobDeps, 'stopping'>) {}

  /** Picks up the jobs nobody runs, now and every PICK_UP_MS. */
  async resume(): Promise<void> {
    this.timer ??= setInterval(() => void this.resume().catch(() => undefined), PICK_UP_MS);
    this.timer.unref();
    for (const id of await this.deps.imports.unclaimed(STALE_SECONDS)) this.start(id);
  }

  /** Runs the import's job (its state says which) when a turn is free. */
  start(id: string): void {
    if (this.stopped || this.running.has(id) || this.waiting.includes(id)) return;
    this.waiting.push(id);
    this.next();
  }

  private next(): void {
    while (this.running.size < JOBS_AT_ONCE && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const job = this.run(id)
        .catch((error: unknown) =>
          this.deps.app.log.error({ err: error, importId: id }, 'import job failed'),
        )
        .finally(() => {
          this.running.delete(id);
          this.next();
        });
      this.running.set(id, job);
    }
  }

  private async run(id: string): Promise<void> {
    const { imports } = this.deps;
    if (!(await imports.claim(id, this.worker, STALE_SECONDS))) return;
    const deps: ImportJobDeps = { ...this.deps, stopping: () => this.stopped };
    let photosPath: string | null = null;
    try {
      const record = await imports.find(id);
      if (!record) return;
      photosPath = record.photosPath;
      const finished =
        record.state === 'checking' ? await runCheck(deps, record) : await runApply(deps, record);
      if (finished && record.state === 'applying' && record.photosPath) {
        rmSync(record.photosPath, { force: true });
      }
    } catch (error) {
      // No primary answering (a failover) is no fault of the import: it is left as it is, its
      // claim lapses, and the next pick-up goes on with it once a primary answers.
      if (isDatabaseUnavailable(error)) throw error;
      await imports.fail(id, 'The import stopped on an error on our side: try again');
      if (photosPath) rmSync(photosPath, { force: true });
      throw error;
    } finally {
      await imports.release(id, this.worker).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
      });
    }
  }

  /** Stops: running jobs leave off after their current row and free their claims. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.waiting.length = 0;
    await Promise.allSettled([...this.running.values()]);
  }
}
