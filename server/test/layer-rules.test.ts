/**
 * The import rules that `npm run lint` runs (.dependency-cruiser.cjs) can fail: on a small tree of
 * their own, each forbidden import is an error naming its rule, and the allowed ones are not.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..');
const run = promisify(execFile);

/** Writes `files` (path → source) into a new folder and answers each violation as a line. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cardealer-layers-'));
  try {
    writeFileSync(join(folder, 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }');
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), source);
    }
    const config = join(root, '.dependency-cruiser.cjs');
    const bin = join(root, 'node_modules', '.bin', 'depcruise');
    const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0]!))];
    const { stdout } = await run(bin, [...tops, '--config', config, '-T', 'json'], {
      cwd: folder,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const result = JSON.parse(stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return result.summary.violations
      .map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)
      .sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * One tree (a run of dependency-cruiser takes a second or two): each forbidden import in it, and
 * allowed ones beside them.
 */
const tree = {
  'server/src/platform/db.ts': 'export const db = 1;\n',
  'server/src/cars/car.ts': 'export const car = 1;\n',
  // Up a layer: the platform and valuation (below cars) import cars, one of them for a type only.
  'server/src/platform/low.ts': "import { car } from '../cars/car';\nexport const low = car;\n",
  'server/src/valuation/value.ts':
    "import type { car } from '../cars/car';\nexport type Value = typeof car;\n",
  // Allowed: search uses cars (below it) and the platform; a test reaches anywhere.
  'server/src/search/search.ts':
    "import { car } from '../cars/car';\nimport { db } from '../platform/db';\nexport const s = car + db;\n",
  'server/src/cars/car.test.ts': "import { s } from '../search/search';\nexport const t = s;\n",
  // The composition root, and a domain's routes: registered by its plugin, imported by no other.
  'server/src/config.ts': 'export const config = 1;\n',
  'server/src/cars/car-routes.ts': 'export const routes = 1;\n',
  'server/src/cars/plugin.ts': "import { routes } from './car-routes';\nexport const p = routes;\n",
  'server/src/cars/listing.ts':
    "import { config } from '../config';\nimport { routes } from './car-routes';\nexport const l = config + routes;\n",
  // The web app importing the server, and a cycle.
  'src/feature.ts': "import { car } from '../server/src/cars/car';\nexport const f = car;\n",
  'server/src/cars/a.ts': "import { b } from './b';\nexport const a = 1 + b;\n",
  'server/src/cars/b.ts': "import { a } from './a';\nexport const b = 1 + a;\n",
};

it('refuses each import that goes against the layers, naming its rule, and no other', async () => {
  expect(await violations(tree)).toEqual([
    'layer-platform: server/src/platform/low.ts → server/src/cars/car.ts',
    'layer-valuation: server/src/valuation/value.ts → server/src/cars/car.ts',
    'no-circular: server/src/cars/a.ts → server/src/cars/b.ts',
    'routes-by-their-plugin: server/src/cars/listing.ts → server/src/cars/car-routes.ts',
    'top-of-layers: server/src/cars/listing.ts → server/src/config.ts',
    'web-app-not-server: src/feature.ts → server/src/cars/car.ts',
  ]);
});
