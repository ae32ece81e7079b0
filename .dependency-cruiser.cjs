/**
 * Import rules that ESLint's import-x/no-cycle cannot see: it skips type-only imports, so a
 * layering knot made of `import type` passes it. Here type imports count too
 * (`tsPreCompilationDeps`), over the web app and the server alike.
 *
 * The server's layers (docs/architecture.md, 'The map'): `platform/` at the bottom, then each
 * domain above those it uses. A file may import its own folder, `platform/` and the domains below
 * its own; never one above. Tests (and the tests' helpers in server/test/) set up the whole app
 * and may reach any folder; the composition root (server/src/*.ts and server/src/scripts/) sits
 * above every domain.
 */

/** The server's domains, lowest first. */
const LAYERS = [
  'platform',
  'places',
  'accounts',
  'images',
  'vehicles',
  'valuation',
  'cars',
  'search',
  'bookings',
  'trust',
  'alerts',
  'insights',
  'imports',
  'pages',
];
const NOT_TESTS = '\\.test\\.ts$';

/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer}`,
  severity: 'error',
  comment:
    `server/src/${layer}/ imports only platform/ and the domains below it; a domain above that ` +
    'must act on its writes subscribes (a queue it reads, or a hook this one offers).',
  from: { path: `^server/src/${layer}/`, pathNot: NOT_TESTS },
  to: { path: `^server/src/(${LAYERS.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle of imports (type-only imports included): shared helpers belong below both.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'top-of-layers',
      severity: 'error',
      comment: 'No domain imports the composition root (app.ts, main.ts, config.ts, scripts/).',
      from: { path: `^server/src/(${LAYERS.join('|')})/`, pathNot: NOT_TESTS },
      to: { path: '^server/src/([^/]+\\.ts$|scripts/)' },
    },
    {
      name: 'routes-by-their-plugin',
      severity: 'error',
      comment: "A domain's routes are registered by its own plugin (plugin.ts beside them) only.",
      from: { pathNot: ['(^|/)plugin\\.ts$', NOT_TESTS, '^server/test/'] },
      to: { path: '^server/src/[^/]+/[^/]*-routes\\.ts$' },
    },
    {
      name: 'web-app-not-server',
      severity: 'error',
      comment: 'The web app imports nothing of the server: shared code lives in api/shared/.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated)/' },
    moduleSystems: ['es6', 'cjs'],
  },
};
