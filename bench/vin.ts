/**
 * `npm run bench:vin`: how long decoding a VIN takes in the server's decoding thread
 * (server/src/vehicles/vin-decoder.ts), on real Tesla, Ferrari, BMW and Porsche VINs:
 *  - unpacking the vPIC database (once per package version: a fresh cache folder);
 *  - the first decode of a process: the thread started, the database opened, a VIN decoded;
 *  - then, in that warm thread, each VIN's first decode (its maker and year not yet queried),
 *    and repeated decodes of them all (vPIC's answers kept by the decoder), p50 and p99.
 * Prints a Markdown table for docs/figures.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VinDecoder } from '../server/src/vehicles/vin-decoder';

/** Real VINs of the four makes (check digits hold), each a different maker code and year. */
const VINS = [
  '5YJSA1H12FFP71790', // Tesla Model S 2015
  'ZFF95NLA0M0265910', // Ferrari SF90 Stradale 2021
  'ZFF97CMA5N0280384', // Ferrari 812 GTS 2022
  'ZFF93LMA4N0283773', // Ferrari F8 Spider 2022
  'ZFF95NLA6L0259738', // Ferrari SF90 2020
  'WBA3R5C57EK186393', // BMW 435i 2014
  '5UXWX9C58F0D45921', // BMW X3 2015
  'WBAVL1C5XFVY41004', // BMW X1 2015
  '4USBU53567LW92799', // BMW Z4 2007
  'WP0AB2Y18LSA50759', // Porsche Taycan 2020
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function main() {
  // A fresh cache folder: the first decode unpacks the database too.
  const freshDir = mkdtempSync(join(tmpdir(), 'vpic-bench-'));
  const unpacking = new VinDecoder({ cacheDir: freshDir });
  const [, unpackFirstMs] = await timed(() => unpacking.decode(VINS[0]!));
  await unpacking.close();
  rmSync(freshDir, { recursive: true, force: true });

  // The server's case: the database already unpacked (the default folder), a new process.
  const decoder = new VinDecoder();
  const [first, firstMs] = await timed(() => decoder.decode(VINS[0]!));
  if (!first) throw new Error('the first VIN did not decode');
  const openMs = decoder.openMs ?? NaN;

  const newVin: number[] = [];
  for (const vin of VINS.slice(1)) {
    const [vehicle, took] = await timed(() => decoder.decode(vin));
    if (!vehicle) throw new Error(`${vin} did not decode`);
    newVin.push(took);
  }
  const repeated: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const vin of VINS) repeated.push((await timed(() => decoder.decode(vin)))[1]);
  }
  await decoder.close();

  console.log('| VIN decoding (the decoding thread, as the route waits for it) | time |');
  console.log('| --- | --- |');
  console.log(`| first decode with unpacking the database (74 MB) | ${ms(unpackFirstMs)} |`);
  console.log(`| first decode of a process (thread start, open: ${ms(openMs)}) | ${ms(firstMs)} |`);
  console.log(
    `| a VIN's first decode in a warm thread, ${newVin.length} VINs: p50 / max | ` +
      `${ms(percentile(newVin, 50))} / ${ms(Math.max(...newVin))} |`,
  );
  console.log(
    `| repeated decodes, ${repeated.length}: p50 / p99 | ` +
      `${ms(percentile(repeated, 50))} / ${ms(percentile(repeated, 99))} |`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
