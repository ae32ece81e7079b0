/**
 * The routes to fuzz and what the contract says of them: every route the app registers (HEAD
 * included), its parameters, query, body and security from the app's own OpenAPI document, and
 * a validator that judges a value as the app's would.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

export interface JsonSchema {
  [key: string]: unknown;
}

export interface FuzzTarget {
  method: string;
  /** As registered, e.g. `/api/seller-products/:id`. */
  url: string;
  pathParams: { name: string; schema?: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
  /** Needs a token (the contract's `security`): which kinds it takes. */
  secured: boolean;
  accepts: { accessToken: boolean; idToken: boolean };
  /** The image host's upload (multipart, guarded by `?key=`). */
  upload: boolean;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every registered route (HEAD included), with its contract where it has one. */
export function fuzzTargets(app: FastifyInstance): FuzzTarget[] {
  const spec = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const seen = new Set<string>();
  const targets: FuzzTarget[] = [];
  for (const route of app.registeredRoutes) {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
    const operation = spec.paths[openApiPath]?.[method];
    const parameters = operation?.parameters ?? [];
    const schemes = new Set((operation?.security ?? []).flatMap((s) => Object.keys(s as object)));
    const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
      name,
      schema: parameters.find((p) => p.in === 'path' && p.name === name)?.schema,
    }));
    if (route.url.endsWith('*')) pathParams.push({ name: '*', schema: undefined });
    // The image host's upload is outside the contract: it takes either token.
    const upload = route.url === '/image-host/1/upload';
    targets.push({
      method: route.method,
      url: route.url,
      pathParams,
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
      body: operation?.requestBody?.content?.['application/json']?.schema,
      // An empty requirement (`{}`) among them makes the token optional (OpenAPI): not secured.
      secured:
        upload ||
        ((operation?.security ?? []).length > 0 &&
          !(operation?.security ?? []).some((s) => Object.keys(s as object).length === 0)),
      accepts: {
        accessToken: upload || schemes.has('accessToken'),
        idToken: upload || schemes.has('firebaseIdToken'),
      },
      upload,
    });
  }
  return targets;
}

// As the app's validator: unknown properties of a closed object are dropped, not refused.
const ajv = new Ajv({
  strict: false,
  allErrors: false,
  coerceTypes: false,
  removeAdditional: true,
  useDefaults: true,
});
const validators = new Map<JsonSchema, ValidateFunction>();

/** Whether `value` passes `schema` as the app would judge it (no schema: anything does). */
export function valid(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return true;
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  try {
    return validate(structuredClone(value)) as boolean;
  } catch {
    // Too deep for this oracle to judge: claim nothing (the answer must still be < 500).
    return true;
  }
}
