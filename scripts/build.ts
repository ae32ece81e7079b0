/**
 * Builds the production web bundle into dist/ (or WEB_ROOT) with webpack's Node API (webpack-cli 7 wants
 * Node 22). `--if-changed` skips the build when nothing it depends on has changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join, relative, resolve } from 'node:path';
import webpack from 'webpack';
import makeConfig, { clientEnv } from '../webpack.config';

const root = resolve(__dirname, '..');
const outDir = () => resolve(root, process.env.WEB_ROOT || 'dist');
const stampFile = () => join(outDir(), '.build-stamp');

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    yield* files(join(path, entry));
  }
}

/** A hash of everything the bundle is made from, and of the build-time configuration. */
export function sourceStamp(): string {
  const hash = createHash('sha256');
  const inputs = [
    'src',
    'public',
    'webpack.config.ts',
    'tsconfig.json',
    'package-lock.json',
    // Its `sideEffects` decides what webpack may leave out.
    'package.json',
    // The steps after webpack: prerendering (with the boot script) and compression.
    'scripts/build.ts',
    'scripts/prerender.ts',
  ];
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  hash.update(JSON.stringify(clientEnv()));
  return hash.digest('hex');
}

export function buildIsFresh(): boolean {
  return existsSync(stampFile()) && readFileSync(stampFile(), 'utf8') === sourceStamp();
}

const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file worth compressing, at
 * the highest levels: the server sends them to browsers that accept them (@fastify/static's
 * preCompressed), so nothing is compressed per request.
 */
export function precompress(dir: string): void {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

export async function build(): Promise<void> {
  const stamp = sourceStamp();
  const compiler = webpack(makeConfig({}, { mode: 'production' }));
  const stats = await new Promise<webpack.Stats>((resolveBuild, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack gave no result'));
      else resolveBuild(result);
    });
  });
  const info = stats.toString({
    colors: process.stdout.isTTY,
    all: false,
    errors: true,
    warnings: true,
  });
  if (stats.hasErrors()) throw new Error(`the web build failed:\n${info}`);
  if (info.trim()) console.log(info);
  // The public pages' HTML (loaded here only: it brings the whole app into this process). React,
  // MUI and emotion render as the production bundle does: emotion's class names then match the
  // browser's (in development MUI labels them), so hydration finds every style already in place.
  process.env.NODE_ENV = 'production';
  const { prerender } = await import('./prerender');
  await prerender(outDir());
  precompress(outDir());
  writeFileSync(stampFile(), stamp);
}

if (require.main === module) {
  const ifChanged = process.argv.includes('--if-changed');
  const started = Date.now();
  if (ifChanged && buildIsFresh()) {
    console.log('web bundle is up to date');
  } else {
    build()
      .then(() =>
        console.log(
          `built ${relative(root, outDir())}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ),
      )
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      });
  }
}
