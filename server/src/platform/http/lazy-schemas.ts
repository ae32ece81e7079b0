import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route schema not compiled yet; answers how many (lazySchemas). */
    compileSchemas(): number;
  }
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Fastify's own compilers, each compiling a route's schema when a request first needs it. */
export interface LazySchemas {
  compilersFactory: CompilersFactory;
  /** Compiles every schema not compiled yet (a test's way to see that every schema compiles). */
  compileAll(): number;
}

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

type Serialize = (data: unknown) => string;

/**
 * One Ajv per set of options for every app of the process (Fastify's pool, made once): Ajv keeps
 * what it compiled by schema object, so a second app of the same process (a test's replica, or a
 * test file's next app) reuses the first one's validators instead of compiling them again.
 */
const buildValidator = AjvCompiler();
const buildSerializer = SerializerSelector();
/** Compiled serializers by options, then by schema object (fast-json-stringify keeps none). */
const serializers = new Map<string, WeakMap<object, Serialize>>();

/**
 * Fastify compiles every route's validators (Ajv) and serializers (fast-json-stringify) while it
 * starts: about 0.5 s of CPU for this API's routes, paid again by every replica, every restart and
 * every server test file, mostly for routes the process never answers. These are the same
 * compilers, wrapped to compile on the first request that needs each one; the compiled function is
 * then kept, so an answer is the same as with eager compiling.
 */
export function lazySchemas(): LazySchemas {
  const pending = new Set<() => unknown>();

  function once<F>(compile: () => F): () => F {
    let compiled: F | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        pending.delete(get);
      }
      return compiled;
    };
    pending.add(get);
    return get;
  }

  const compilersFactory: CompilersFactory = {
    buildValidator: (externalSchemas, options) => {
      const compiler = buildValidator(externalSchemas, options);
      return (route) => {
        const get = once(() => compiler(route));
        const validate: Validate = (data) => {
          const inner = get();
          const result = inner(data);
          validate.errors = inner.errors;
          return result;
        };
        // Typed as Ajv's function, whose schema fields Fastify never reads: it calls the function
        // and reads `errors`.
        return validate as ReturnType<typeof compiler>;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compiler = buildSerializer(externalSchemas, options);
      const key = JSON.stringify([externalSchemas, options]);
      const kept = serializers.get(key) ?? new WeakMap<object, Serialize>();
      serializers.set(key, kept);
      const compile = (route: Parameters<typeof compiler>[0]): Serialize => {
        const { schema } = route;
        if (typeof schema !== 'object' || schema === null) return compiler(route);
        let serialize = kept.get(schema);
        if (!serialize) {
          serialize = compiler(route);
          kept.set(schema, serialize);
        }
        return serialize;
      };
      return (route) => {
        const get = once(() => compile(route));
        return (data) => get()(data);
      };
    },
  };

  return {
    compilersFactory,
    compileAll: () => {
      const count = pending.size;
      for (const compile of [...pending]) compile();
      return count;
    },
  };
}
