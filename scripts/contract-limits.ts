/**
 * The contract's enums and limits as values (src/lib/api/generated/limits.ts): the generated
 * RTK Query code carries enums as types only, and limits not at all, but a form needs both at
 * run time (its choices, its `max` checks). Written by `npm run codegen` from api/openapi.json,
 * so a changed route schema changes the web app's checks, or breaks its build.
 */

/** The JSON-schema keywords the web app checks before it sends anything. */
const KEYWORDS = ['enum', 'minLength', 'maxLength', 'minimum', 'maximum', 'maxItems'] as const;
type Keyword = (typeof KEYWORDS)[number];
type Limits = Partial<Record<Keyword, unknown>>;

interface Schema {
  [keyword: string]: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
}

interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * One value's limits, its `anyOf` branches merged (TypeBox writes a union of literals as one
 * `enum` per branch; a number-or-numeric-string has its range on one branch, its length on the
 * other). Two branches that disagree on a keyword are a contract the form cannot follow: error.
 */
function limitsOf(schema: Schema, where: string): Limits {
  const limits: Limits = {};
  const values: unknown[] = [];
  for (const branch of schema.anyOf ?? [schema]) {
    const nested = branch.anyOf ? limitsOf(branch, where) : branch;
    for (const keyword of KEYWORDS) {
      const value = nested[keyword];
      if (value === undefined) continue;
      if (keyword === 'enum') {
        values.push(...(value as unknown[]));
      } else if (limits[keyword] !== undefined && limits[keyword] !== value) {
        throw new Error(`${where}: its branches disagree on ${keyword}`);
      } else {
        limits[keyword] = value;
      }
    }
  }
  if (values.length > 0) limits.enum = values;
  return limits;
}

/** Limits of each property (or of the schema itself when it is no object), the empty left out. */
function limitsByName(schema: Schema, where: string): Record<string, Limits> | Limits {
  if (!schema.properties) return limitsOf(schema, where);
  const byName: Record<string, Limits> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const limits = limitsOf(property, `${where}.${name}`);
    if (Object.keys(limits).length > 0) byName[name] = limits;
  }
  return byName;
}

const isEmpty = (value: object) => Object.keys(value).length === 0;

/**
 * The modules' sources: `index` (limits.ts: `operationLimits` by operationId, `schemaLimits` by
 * schema name) and one module per operation (by operationId).
 */
export function contractLimitsModules(document: OpenApiDocument): {
  index: string;
  modules: Record<string, string>;
} {
  const operations: Record<string, Record<string, object>> = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const id = operation.operationId ?? `${method} ${path}`;
      const parts: Record<string, object> = {};
      for (const place of ['path', 'query'] as const) {
        const byName: Record<string, Limits> = {};
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== place || !parameter.schema) continue;
          const limits = limitsOf(parameter.schema, `${id} ${place} ${parameter.name}`);
          if (!isEmpty(limits)) byName[parameter.name] = limits;
        }
        if (!isEmpty(byName)) parts[place] = byName;
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) {
        const limits = limitsByName(body, `${id} body`);
        if (!isEmpty(limits)) parts.body = limits;
      }
      if (!isEmpty(parts)) operations[id] = parts;
    }
  }
  const schemas: Record<string, object> = {};
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    const limits = limitsByName(schema, name);
    if (!isEmpty(limits)) schemas[name] = limits;
  }
  // Each operation's limits are also a module of their own (limits/searchProducts.ts exports
  // `searchProductsLimits`): a screen that imports only its own carries no other's in its chunk.
  const named = Object.keys(operations).filter((id) => /^[A-Za-z_$][\w$]*$/.test(id));
  const byOperation = Object.entries(operations).map(([id, parts]) =>
    named.includes(id)
      ? `${JSON.stringify(id)}: ${id}Limits`
      : `${JSON.stringify(id)}: ${JSON.stringify(parts)}`,
  );
  const modules: Record<string, string> = {};
  for (const id of named) {
    modules[id] = `export const ${id}Limits = ${JSON.stringify(operations[id])} as const;\n`;
  }
  const index = [
    ...named.map((id) => `import { ${id}Limits } from './limits/${id}';`),
    '',
    `export { ${named.map((id) => `${id}Limits`).join(', ')} };`,
    '',
    '/**',
    " * The contract's enums and limits, as values: by operation (its `path` and `query` parameters",
    ' * and its JSON `body`) and by schema. The types in cardealerApi.ts say the same as types.',
    ' */',
    `export const operationLimits = { ${byOperation.join(', ')} } as const;`,
    '',
    `export const schemaLimits = ${JSON.stringify(schemas)} as const;`,
    '',
  ].join('\n');
  return { index, modules };
}
