/**
 * The steps of `npm test` (scripts/test.ts): each command's outcome, run in the foreground or
 * several at once, with the test counts read from the Jest and Playwright reports.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runInBackground, type BackgroundRun } from './background-run';

export interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
  /** Each failed test's name and the start of its error, for the summary. */
  failures?: string[];
}

/** The first lines of an error, without terminal colours: enough to tell one failure from another. */
function firstLines(message: string | undefined, lines = 3): string {
  return stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, lines)
    .join(' | ')
    .slice(0, 400);
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    tests: { results: { status: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The failed tests of a Playwright report's suites, each with its last attempt's error. */
function playwrightFailures(suites: PlaywrightSuite[], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((test) => {
        const last = test.results.at(-1);
        return last && last.status !== 'passed' && last.status !== 'skipped'
          ? [`${file || suite.title} › ${spec.title}: ${firstLines(last.error?.message)}`]
          : [];
      }),
    ),
    ...playwrightFailures(suite.suites ?? [], file || suite.title),
  ]);
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
      testResults: {
        name: string;
        failureMessage?: string | null;
        assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
      }[];
    };
    outcome.passed = report.numPassedTests;
    outcome.failed = report.numFailedTests;
    outcome.failures = report.testResults.flatMap((suite) => {
      const failed = suite.assertionResults.filter((test) => test.status === 'failed');
      if (failed.length === 0 && suite.failureMessage) {
        return [`${suite.name.replace(`${this.root}/`, '')}: ${firstLines(suite.failureMessage)}`];
      }
      return failed.map((test) => `${test.fullName}: ${firstLines(test.failureMessages[0])}`);
    });
    if (report.numTotalTests === 0) this.fail(outcome, 'ran no test');
  }

  /** Reads Playwright's JSON report into an outcome. */
  countPlaywright(outcome: Outcome, file: string): void {
    if (!existsSync(file)) return this.fail(outcome, 'no report');
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites?: PlaywrightSuite[];
      errors?: { message?: string }[];
    };
    outcome.passed = report.stats.expected + report.stats.flaky;
    outcome.failed = report.stats.unexpected;
    outcome.failures = [
      ...playwrightFailures(report.suites ?? []),
      ...(report.errors ?? []).map((error) => firstLines(error.message)),
    ];
    if (outcome.passed + outcome.failed === 0) this.fail(outcome, 'ran no test');
  }

  private fail(outcome: Outcome, note: string): void {
    outcome.ok = false;
    outcome.note = note;
  }

  /** Prints every step and the closing line; whether everything passed. */
  summary(startedAt: number): boolean {
    // The first failures of each step again here, at the end, where a reader of the output's last
    // lines sees them.
    const withFailures = this.outcomes.filter((o) => (o.failures ?? []).length > 0);
    if (withFailures.length > 0) console.log('\nFailures');
    for (const { name, failures = [] } of withFailures) {
      console.log(`  ✘ ${name}`);
      for (const failure of failures.slice(0, 3)) console.log(`      ${failure}`);
      if (failures.length > 3) console.log(`      … and ${failures.length - 3} more`);
    }
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
