/**
 * Import rules that ESLint's import-x/no-cycle cannot see: it skips type-only imports, so a
 * layering knot made of `import type` passes it. Here type imports count too
 * (`tsPreCompilationDeps`), over the web app and the server alike.
 */
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
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated)/' },
    moduleSystems: ['es6', 'cjs'],
  },
};
