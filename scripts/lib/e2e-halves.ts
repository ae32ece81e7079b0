/**
 * The browser test files in two halves of about equal time, for two runs at once (scripts/test.ts).
 * Each half keeps the files' alphabetical order, the order of a whole run, so a file still runs
 * after the ones it ran after (vin.e2e.ts posts a Tesla after search.e2e.ts has counted them).
 */
import { readdirSync } from 'node:fs';

/**
 * Seconds each file took in a CI rehearsal (27 Nov, Chromium's headless shell); a file not listed
 * counts as 20.
 */
const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 135,
  'accounts.e2e.ts': 39,
  'selling.e2e.ts': 38,
  'faults.e2e.ts': 34,
  'carpage.e2e.ts': 33,
  'moderation.e2e.ts': 30,
  'registration.e2e.ts': 28,
  'alerts.e2e.ts': 26,
  'reviews.e2e.ts': 19,
  'search.e2e.ts': 14,
  'deals.e2e.ts': 14,
  'buying.e2e.ts': 14,
  'saved-searches.e2e.ts': 14,
  'listing-moderation.e2e.ts': 14,
  'shell.e2e.ts': 13,
  'vin.e2e.ts': 11,
  'saved-cars.e2e.ts': 11,
  'vehicle-search.e2e.ts': 5,
  'photo-order.e2e.ts': 4,
  'compare.e2e.ts': 4,
};
const UNKNOWN = 20;

/** The files of `dir` (e2e/, not its cluster/ folder), as `e2e/<file>`, in two halves. */
export function browserHalves(dir: string): [string[], string[]] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.e2e.ts'));
  const cost = (file: string) => SECONDS[file] ?? UNKNOWN;
  const halves: [string[], string[]] = [[], []];
  const sums = [0, 0];
  // The longest first, each to the half with less so far.
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const half = sums[0] <= sums[1] ? 0 : 1;
    halves[half].push(file);
    sums[half] += cost(file);
  }
  return [halves[0].sort().map((f) => `e2e/${f}`), halves[1].sort().map((f) => `e2e/${f}`)];
}
