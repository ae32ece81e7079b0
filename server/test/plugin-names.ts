/**
 * Every server test file's first setup (jest.config.ts): Fastify's name for a plugin without
 * one of its own, found up front instead of by a walk over Jest's module registry.
 *
 * Fastify names each plugin it registers, twice per registration: the name the plugin carries
 * (fastify-plugin sets it), else the path of a loaded module whose whole export the function is,
 * found by walking `require.cache`, else the function's own name. Under Jest `require.cache` is a
 * proxy over the test file's registry of about 1,500 modules, and an app's route plugins (which
 * carry no name) made 88 such walks per app built, a large part of its build. The route plugins
 * are functions exported by name from TypeScript modules, never a module's whole export, so each
 * walk found nothing and the name was the function's own: here a function answers that name at
 * once, as the name it carries. A plugin that sets its own name (fastify-plugin) still does, and
 * a function without a name is still looked for as before.
 */
const displayName = Symbol.for('fastify.display-name');

Object.defineProperty(Function.prototype, displayName, {
  configurable: true,
  get(this: { name: string }): string | undefined {
    return this.name || undefined;
  },
  set(this: object, value: unknown) {
    Object.defineProperty(this, displayName, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  },
});
