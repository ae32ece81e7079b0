/**
 * The browser test files in parts of about equal time, for runs at once (scripts/test.ts). Each
 * part keeps the files' alphabetical order, the order of a whole run, so a file still runs after
 * the ones it ran after (vin.e2e.ts posts a Tesla after search.e2e.ts has counted them).
 */
import { readdirSync } from 'node:fs';

/** Seconds each file took in a CI rehearsal (26 Nov, issue 26); a file not listed counts as 20. */
const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 128,
  'selling.e2e.ts': 40,
  'faults.e2e.ts': 40,
  'accounts.e2e.ts': 39,
  'carpage.e2e.ts': 32,
  'moderation.e2e.ts': 31,
  'registration.e2e.ts': 29,
  'alerts.e2e.ts': 23,
  'reviews.e2e.ts': 18,
  'buying.e2e.ts': 15,
  'deals.e2e.ts': 15,
  'saved-searches.e2e.ts': 15,
  'search.e2e.ts': 15,
  'shell.e2e.ts': 15,
  'listing-moderation.e2e.ts': 14,
  'saved-cars.e2e.ts': 12,
  'vin.e2e.ts': 9,
  'compare.e2e.ts': 6,
  'photo-order.e2e.ts': 4,
  'vehicle-search.e2e.ts': 4,
};
const UNKNOWN = 20;

/** The files of `dir` (e2e/, not its cluster/ folder), as `e2e/<file>`, in `count` parts. */
export function browserParts(dir: string, count: number): string[][] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.e2e.ts'));
  const cost = (file: string) => SECONDS[file] ?? UNKNOWN;
  const parts: string[][] = Array.from({ length: count }, () => []);
  const sums: number[] = Array.from({ length: count }, () => 0);
  // The longest first, each to the part with the least so far.
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const part = sums.indexOf(Math.min(...sums));
    parts[part]!.push(file);
    sums[part]! += cost(file);
  }
  return parts.map((part) => part.sort().map((file) => `e2e/${file}`));
}
