/**
 * The browser test files in two halves of about equal time, for two runs at once (scripts/test.ts).
 * Each half keeps the files' alphabetical order, the order of a whole run, so a file still runs
 * after the ones it ran after (vin.e2e.ts posts a Tesla after search.e2e.ts has counted them).
 */
import { readdirSync } from 'node:fs';

/**
 * Seconds each file's tests took in a CI run (29 Nov, the two halves beside the web tests), less
 * what was taken out since (the faults' retries, the account's pauses, and axe in the page
 * itself: half of the accessibility file's time); a file not listed counts as 10. The
 * registration keeps its time from before its reads went faster (8 s): the halves stay as they
 * were run whole, both at once.
 */
const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 75,
  'account-leaving.e2e.ts': 44,
  'whole-stock-import.e2e.ts': 41,
  'accounts.e2e.ts': 32,
  'selling.e2e.ts': 31,
  'carpage.e2e.ts': 31,
  'registration.e2e.ts': 27,
  'moderation.e2e.ts': 25,
  'alerts.e2e.ts': 22,
  'faults.e2e.ts': 18,
  'search.e2e.ts': 18,
  'password-reset.e2e.ts': 17,
  'deals.e2e.ts': 15,
  'reviews.e2e.ts': 14,
  'listing-moderation.e2e.ts': 13,
  'saved-cars.e2e.ts': 12,
  'account-settings.e2e.ts': 12,
  'dealer-profile.e2e.ts': 11,
  'vin.e2e.ts': 11,
  'buying.e2e.ts': 11,
  'saved-searches.e2e.ts': 10,
  'email-change.e2e.ts': 10,
  'value.e2e.ts': 10,
  'shell.e2e.ts': 10,
  'near.e2e.ts': 9,
  'insights.e2e.ts': 7,
  'compare.e2e.ts': 5,
  'vehicle-search.e2e.ts': 5,
  'photo-order.e2e.ts': 5,
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
