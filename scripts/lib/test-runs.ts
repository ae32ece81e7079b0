/**
 * The steps of `npm test` (scripts/test.ts): each command's outcome, run in the foreground or
 * several at once, with the test counts read from the Jest and Playwright reports.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInBackground, type BackgroundRun } from './background-run';

export interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
}

export interface Step {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export class TestRuns {
  readonly outcomes: Outcome[] = [];

  constructor(
    private readonly root: string,
    private readonly reports: string,
  ) {}

  /**
   * Runs a step in the foreground, its output as it comes. Not spawnSync: it would hold up this
   * process's events, so a background step's end would be seen (and timed) only after it.
   */
  async run({ name, command, args, env = {} }: Step): Promise<Outcome> {
    console.log(`\n▶ ${name}`);
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: this.root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const ok = await new Promise<boolean>((resolve) => {
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    });
    return this.record({ name, ok, passed: 0, failed: 0, seconds: (Date.now() - started) / 1000 });
  }

  /** Starts a step in the background; `finish` prints its output and records it. */
  start({ name, command, args, env = {} }: Step): BackgroundRun & { name: string } {
    const logFile = join(this.reports, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
    return { name, ...runInBackground(command, args, { cwd: this.root, env, logFile }) };
  }

  async finish(run: BackgroundRun & { name: string }, note = ''): Promise<Outcome> {
    const { ok, seconds } = await run.done;
    console.log(`\n▶ ${run.name}${note}`);
    process.stdout.write(run.output());
    return this.record({ name: run.name, ok, passed: 0, failed: 0, seconds });
  }

  /** Runs steps at once (the two cores), printing each one's output whole when all have ended. */
  async together(steps: Step[]): Promise<Outcome[]> {
    const runs = steps.map((step) => this.start(step));
    const done: Outcome[] = [];
    for (const run of runs) done.push(await this.finish(run, ' (ran beside the others)'));
    return done;
  }

  record(outcome: Outcome): Outcome {
    this.outcomes.push(outcome);
    return outcome;
  }

  /** Reads a Jest --json report into an outcome; a suite that ran no test fails. */
  countJest(outcome: Outcome, file: string): void {
    if (!existsSync(file)) return this.fail(outcome, 'no report');
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
    };
    outcome.passed = report.numPassedTests;
    outcome.failed = report.numFailedTests;
    if (report.numTotalTests === 0) this.fail(outcome, 'ran no test');
  }

  /** Reads Playwright's JSON report into an outcome. */
  countPlaywright(outcome: Outcome, file: string): void {
    if (!existsSync(file)) return this.fail(outcome, 'no report');
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    outcome.passed = report.stats.expected + report.stats.flaky;
    outcome.failed = report.stats.unexpected;
    if (outcome.passed + outcome.failed === 0) this.fail(outcome, 'ran no test');
  }

  private fail(outcome: Outcome, note: string): void {
    outcome.ok = false;
    outcome.note = note;
  }

  /** Prints every step and the closing line; whether everything passed. */
  summary(startedAt: number): boolean {
    console.log('\nSummary');
    for (const o of this.outcomes) {
      const counts = o.passed + o.failed > 0 ? ` (${o.passed} passed, ${o.failed} failed)` : '';
      console.log(
        `  ${o.ok ? '✔' : '✘'} ${o.name}${counts}${o.note ? ` — ${o.note}` : ''} [${o.seconds.toFixed(0)} s]`,
      );
    }
    const passed = this.outcomes.reduce((sum, o) => sum + o.passed, 0);
    const failed = this.outcomes.reduce((sum, o) => sum + o.failed, 0);
    console.log(`Total time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    console.log(`${passed} passed, ${failed} failed`);
    return this.outcomes.every((o) => o.ok) && failed === 0;
  }
}
