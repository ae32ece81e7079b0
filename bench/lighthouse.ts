/**
 * `npm run bench:lighthouse`: Lighthouse 12 scores of the public pages (/, /login, /register,
 * /blogs, the search /cars, a car's page, two local pages and 'What's my car worth?') in Debian's
 * Chromium, each with the mobile preset (Lighthouse's default: moto G power, simulated slow 4G and
 * 4× CPU slowdown) and the desktop preset. Builds the production bundle into `.build-lighthouse/`
 * and runs the product as `npm start` does (demo data, the sign-in emulator), on port 8195
 * (LIGHTHOUSE_PORT) with throwaway data folders.
 *
 * Prints performance, accessibility, best practices and SEO (0–100), LCP, CLS, TBT and the
 * bytes transferred, then, for every category below 100, the audits that fail (with the
 * elements or URLs they name). Writes the figures to reports/lighthouse.json, and each page's
 * HTML report and full result (JSON) to reports/lighthouse/. `--runs N` runs each page and
 * preset N times: the figures are the medians, the failing audits those of the median run
 * (Lighthouse's own choice); `--pages /cars,/blogs` runs those pages only. Exits 0 whatever the
 * scores; non-zero only when Lighthouse itself cannot run.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config, Flags, Result } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildWeb, root, startDemoServer } from './lib';

/** The public pages; a demo car's page (the seed's ids are fixed) and a demo place's cars. */
const allPages = [
  '/',
  '/login',
  '/register',
  '/blogs',
  '/cars',
  '/cars/demo-car-01',
  '/cars/in/denver-co',
  '/cars/in/austin-tx',
  '/value',
];
const formFactors = ['mobile', 'desktop'] as const;
type FormFactor = (typeof formFactors)[number];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

// LIGHTHOUSE_PORT: another port, where several checkouts measure on one machine.
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8195);
const MAX_ATTEMPTS = 3;
const webRoot = join(root, '.build-lighthouse');
const reportDir = join(root, 'reports');

interface FailingAudit {
  id: string;
  title: string;
  /** 0–100; null for an audit that only reports (its category still counts it). */
  score: number | null;
  displayValue?: string;
  /** What the audit names: elements (selector and snippet), URLs, or messages. */
  items: string[];
}

export interface PageScores {
  page: string;
  formFactor: FormFactor;
  runs: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  transferKb: number;
  /** The performance score of the run the failing audits come from (the median run). */
  medianRunPerformance: number | null;
  /** Lighthouse's CPU benchmark of this machine (median; its throttling assumes ~1000+). */
  benchmarkIndex: number;
  /** What Lighthouse warned about (any run). */
  warnings: string[];
  /** Per category below 100, the failing audits of the median run. */
  failing: Partial<Record<Category, FailingAudit[]>>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function categoryScore(lhr: Result, id: Category): number | null {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

function numeric(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no value for ${auditId}`);
  return value;
}

const clip = (text: string, length = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/** A short text for one row of an audit's details table (an element, a URL, a message). */
function describeItem(item: Record<string, unknown>): string {
  const parts: string[] = [];
  const node = item.node as
    { selector?: string; snippet?: string; explanation?: string } | undefined;
  const source = item.source as { url?: string; line?: number } | undefined;
  if (node?.selector) parts.push(clip(node.selector, 120));
  if (node?.snippet) parts.push(clip(node.snippet));
  // An inline <style> is named by its text.
  if (typeof item.url === 'string') parts.push(clip(item.url, 100));
  if (source?.url) parts.push(`${source.url}${source.line === undefined ? '' : `:${source.line}`}`);
  for (const key of ['groupLabel', 'description', 'directive', 'severity', 'label', 'phase']) {
    const value = item[key];
    if (typeof value === 'string' && value) parts.push(clip(value, 300));
  }
  if (node?.explanation) parts.push(clip(node.explanation, 300));
  if (typeof item.wastedBytes === 'number')
    parts.push(`${(item.wastedBytes / 1024).toFixed(1)} KB`);
  for (const key of ['wastedMs', 'total', 'duration', 'timing']) {
    const value = item[key];
    if (typeof value === 'number') parts.push(`${Math.round(value)} ms`);
  }
  return parts.join(' | ');
}

function auditItems(details: unknown): string[] {
  const d = details as { type?: string; items?: Record<string, unknown>[] } | undefined;
  if (!d?.items || !Array.isArray(d.items)) return [];
  // A list holds tables (the LCP element and its phases): take each one's rows.
  if (d.type === 'list') return d.items.flatMap((table) => auditItems(table));
  const out: string[] = [];
  for (const item of d.items) {
    // Accessibility audits may group their elements (subItems); take them one by one.
    const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items;
    const text = describeItem(item);
    if (text) out.push(text);
    for (const subItem of sub ?? []) {
      const subText = describeItem(subItem);
      if (subText) out.push(`  ${subText}`);
    }
  }
  return out;
}

/** The audits that cost a category points, as the HTML report lists them (no hidden ones). */
function failingAudits(lhr: Result): PageScores['failing'] {
  const failing: PageScores['failing'] = {};
  for (const id of categories) {
    const category = lhr.categories[id];
    if (!category || category.score === null || category.score >= 1) continue;
    const list: FailingAudit[] = [];
    for (const ref of category.auditRefs) {
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      if (mode === 'notApplicable' || mode === 'manual' || mode === 'informative') continue;
      // A metric that costs points (below 100), or any other audit the report marks failed
      // (below 90: the insights and diagnostics that flag something, the binary audits at 0).
      const passed = audit.score === null || audit.score >= (ref.weight > 0 ? 1 : 0.9);
      if (mode !== 'error' && passed) continue;
      list.push({
        id: audit.id,
        title: audit.title,
        score: audit.score === null ? null : Math.round(audit.score * 100),
        displayValue: audit.displayValue || (mode === 'error' ? audit.errorMessage : undefined),
        items: auditItems(audit.details),
      });
    }
    failing[id] = list;
  }
  return failing;
}

interface Lighthouse {
  run(url: string, flags: Flags, config: Config | undefined): Promise<Result>;
  desktopConfig: Config;
  computeMedianRun(runs: Result[]): Result;
  html(lhr: Result): string;
}

/** Lighthouse and chrome-launcher are ES modules: loaded here, not required. */
async function loadLighthouse(): Promise<Lighthouse> {
  const [{ default: lighthouse, generateReport }, desktop, medianRun, launcher] = await Promise.all(
    [
      import('lighthouse'),
      import('lighthouse/core/config/desktop-config.js'),
      import('lighthouse/core/lib/median-run.js'),
      import('chrome-launcher'),
    ],
  );
  const chromeFlags = ['--headless=new', ...chromiumArgs];
  return {
    desktopConfig: desktop.default,
    computeMedianRun: medianRun.computeMedianRun,
    html: (lhr) => generateReport(lhr, 'html'),
    // A fresh browser for every run: no cache, storage or warmed-up compiler carries over.
    // A run whose trace came out broken (NO_NAVSTART and the like, now and then in headless
    // Chromium) is run again, twice at most; a third failure stops the bench.
    async run(url, flags, config) {
      for (let attempt = 1; ; attempt++) {
        const chrome = await launcher.launch({ chromePath: chromiumPath, chromeFlags });
        let lhr: Result;
        try {
          const result = await lighthouse(url, { ...flags, port: chrome.port }, config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          lhr = result.lhr;
        } finally {
          chrome.kill();
        }
        if (!lhr.runtimeError) return lhr;
        const problem = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
        if (attempt === MAX_ATTEMPTS) {
          throw new Error(`Lighthouse could not audit ${url} (${attempt} tries): ${problem}`);
        }
        console.log(`  ${url}: ${problem}; running it again`);
      }
    },
  };
}

function summarize(page: string, formFactor: FormFactor, runs: Result[], best: Result): PageScores {
  const med = (pick: (lhr: Result) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const num = (pick: (lhr: Result) => number) => median(runs.map(pick));
  return {
    page,
    formFactor,
    runs: runs.length,
    performance: med((lhr) => categoryScore(lhr, 'performance')),
    accessibility: med((lhr) => categoryScore(lhr, 'accessibility')),
    bestPractices: med((lhr) => categoryScore(lhr, 'best-practices')),
    seo: med((lhr) => categoryScore(lhr, 'seo')),
    lcpSeconds: Math.round(num((lhr) => numeric(lhr, 'largest-contentful-paint')) / 10) / 100,
    cls: Math.round(num((lhr) => numeric(lhr, 'cumulative-layout-shift')) * 1000) / 1000,
    tbtMs: Math.round(num((lhr) => numeric(lhr, 'total-blocking-time'))),
    transferKb: Math.round(num((lhr) => numeric(lhr, 'total-byte-weight')) / 102.4) / 10,
    medianRunPerformance: categoryScore(best, 'performance'),
    benchmarkIndex: Math.round(num((lhr) => lhr.environment.benchmarkIndex)),
    warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings.map((w) => clip(w, 300))))],
    failing: failingAudits(best),
  };
}

const score = (value: number | null) => (value === null ? '–' : String(value)).padStart(5);

function printTable(rows: PageScores[]): void {
  console.log(
    '\npage        form     perf  a11y    bp   seo   LCP (s)     CLS  TBT (ms)  transfer (KB)',
  );
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(11)} ${r.formFactor.padEnd(7)} ${score(r.performance)} ${score(r.accessibility)} ${score(r.bestPractices)} ${score(r.seo)} ${r.lcpSeconds.toFixed(2).padStart(9)} ${r.cls.toFixed(3).padStart(7)} ${String(r.tbtMs).padStart(9)} ${r.transferKb.toFixed(1).padStart(14)}`,
    );
  }
}

function printFailing(rows: PageScores[]): void {
  for (const r of rows) {
    const entries = Object.entries(r.failing).filter(([, list]) => list.length > 0);
    for (const warning of r.warnings) console.log(`\n${r.page} (${r.formFactor}): ${warning}`);
    if (!entries.length) continue;
    const which = r.runs > 1 ? `, median run (performance ${r.medianRunPerformance})` : '';
    console.log(`\n--- ${r.page} (${r.formFactor}): failing audits${which}`);
    for (const [category, list] of entries) {
      console.log(`  ${category}:`);
      for (const audit of list) {
        const extra = [
          audit.score === null ? null : `score ${audit.score}`,
          audit.displayValue || null,
        ].filter(Boolean);
        console.log(
          `    ${audit.id}: ${audit.title}${extra.length ? ` (${extra.join(', ')})` : ''}`,
        );
        for (const item of audit.items.slice(0, 8)) console.log(`        ${item}`);
        if (audit.items.length > 8) console.log(`        … and ${audit.items.length - 8} more`);
      }
    }
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '1' }, pages: { type: 'string' } },
  });
  // `--pages /cars,/cars/demo-car-01`: some of the pages only.
  const pages = values.pages ? values.pages.split(',') : allPages;
  const unknown = pages.filter((page) => !allPages.includes(page));
  if (unknown.length) throw new Error(`--pages: not a page of this bench: ${unknown.join(', ')}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 25) {
    throw new Error(`--runs must be a whole number from 1 to 25 (got "${values.runs}")`);
  }

  // chrome-launcher cannot report a missing browser as an error it returns (the spawn error is
  // thrown from an event): check first, before anything is started.
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(
      `no Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  }
  const lighthouse = await loadLighthouse();
  console.log('Building the web bundle into .build-lighthouse/ …');
  await buildWeb(webRoot);
  const server = await startDemoServer(PORT, { WEB_ROOT: webRoot });
  const rows: PageScores[] = [];
  const htmlDir = join(reportDir, 'lighthouse');
  mkdirSync(htmlDir, { recursive: true });
  let version = '';
  let browser = '';
  try {
    for (const page of pages) {
      for (const formFactor of formFactors) {
        const results: Result[] = [];
        for (let i = 0; i < runs; i++) {
          const runStarted = Date.now();
          const lhr = await lighthouse.run(
            server.url + page,
            { logLevel: 'error', output: 'json', onlyCategories: [...categories] },
            formFactor === 'desktop' ? lighthouse.desktopConfig : undefined,
          );
          results.push(lhr);
          browser = lhr.environment.hostUserAgent;
          version = lhr.lighthouseVersion;
          console.log(
            `${page} ${formFactor} run ${i + 1}/${runs}: performance ${categoryScore(lhr, 'performance')}, LCP ${(numeric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`,
          );
        }
        const best = runs > 1 ? lighthouse.computeMedianRun(results) : results[0];
        rows.push(summarize(page, formFactor, results, best));
        const name = `${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}-${formFactor}`;
        writeFileSync(join(htmlDir, `${name}.html`), lighthouse.html(best));
        writeFileSync(join(htmlDir, `${name}.json`), JSON.stringify(best));
      }
    }
  } finally {
    await server.stop();
  }

  printTable(rows);
  printFailing(rows);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(
    join(reportDir, 'lighthouse.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouseVersion: version,
        browser,
        runsPerPage: runs,
        seconds,
        results: rows,
      },
      null,
      2,
    )}\n`,
  );
  const index = median(rows.map((r) => r.benchmarkIndex));
  console.log(
    `\nLighthouse ${version}, ${runs} run(s) each, CPU benchmark index ${index}; wrote reports/lighthouse.json and reports/lighthouse/ in ${seconds} s`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
