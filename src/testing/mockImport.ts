interface JestWithModuleMocks {
  unstable_mockModule(name: string, factory: () => Promise<unknown>): void;
}

/**
 * Replaces what a dynamic `import(name)` gives: the app loads its large libraries that way, which
 * `jest.mock` does not reach. Jest's `unstable_mockModule`, which @types/jest does not declare.
 * Register it before the first import; a factory that throws makes that import fail.
 */
export function mockDynamicImport(name: string, factory: () => Promise<unknown>): void {
  (jest as unknown as JestWithModuleMocks).unstable_mockModule(name, factory);
}
