/**
 * The browser test files in two halves of about equal time, for two runs at once (scripts/test.ts).
 * Each half keeps the files' alphabetical order, the order of a whole run, so a file still runs
 * after the ones it ran after (vin.e2e.ts posts a Tesla after search.e2e.ts has counted them).
 */
import { readdirSync } from 'node:fs';

/**
 * Seconds each file took in a CI rehearsal (27 Nov, the second of the day, Chromium's headless
 * shell); a file not listed counts as 10.
 */
const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 75,
  'faults.e2e.ts': 31,
  'selling.e2e.ts': 27,
  'accounts.e2e.ts': 24,
  'registration.e2e.ts': 24,
  'carpage.e2e.ts': 23,
  'moderation.e2e.ts': 20,
  'search.e2e.ts': 12,
  'alerts.e2e.ts': 11,
  'reviews.e2e.ts': 11,
  'deals.e2e.ts': 10,
  'saved-cars.e2e.ts': 9,
  'buying.e2e.ts': 8,
  'listing-moderation.e2e.ts': 8,
  'saved-searches.e2e.ts': 8,
  'shell.e2e.ts': 6,
  'vin.e2e.ts': 6,
  'photo-order.e2e.ts': 3,
  'vehicle-search.e2e.ts': 3,
  'compare.e2e.ts': 2,
  // Measured alone, not yet in a CI rehearsal.
  'whole-stock-import.e2e.ts': 60,
  'value.e2e.ts': 15,
  'dealer-profile.e2e.ts': 15,
  'email-change.e2e.ts': 12,
};
const UNKNOWN = 10;

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
