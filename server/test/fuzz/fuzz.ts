/**
 * Generated bad input for every route the app registers (fast-check). Shared by the Jest suite
 * (`server/src/fuzz.test.ts`, a few hundred cases) and `npm run bench:fuzz` (10,000 and more).
 *
 * The routes come from `app.registeredRoutes`; what each expects (parameters, query, body,
 * whether it needs a token) from the app's own OpenAPI document, so a new route is fuzzed
 * without a line here. Each case mixes valid parts (the fixture's tokens, ids, a valid body)
 * with hostile ones: wrong types, huge strings, deep objects, unicode, injection strings,
 * missing, doubled and unknown fields, bad JSON, bad content types, forged tokens, odd headers.
 *
 * The properties, for every case:
 * - never a 5xx (and never a crash of `inject`);
 * - every 4xx is JSON with a non-empty `message`;
 * - a 4xx, and any GET or HEAD, changes nothing: every table hashes the same, and the image
 *   folder holds the same files;
 * - a case the contract says is invalid (the body, a parameter or the query fails its schema,
 *   the JSON is malformed, the content type is wrong, a protected route gets no valid token)
 *   is answered with a 4xx. A case that passes all of that may succeed (it is then valid
 *   input, hostile only in content: stored as text, which is right).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import secureJson from 'secure-json-parse';
import type { Db } from '../../src/db/client';
import { tableHashes } from '../table-hashes';
import { edgeQueryValue } from './query-values';

// ---------------------------------------------------------------------------------------------
// The fixture: who calls, and values that are valid for each parameter name

export interface FuzzUser {
  email: string;
  _id: string;
  accessToken: string;
  idToken: string;
}

export interface FuzzFixture {
  users: Record<'buyer' | 'seller' | 'admin', FuzzUser>;
  /** Valid values by parameter or query name (`email`, `id`, `categoryName`, …). */
  values: Record<string, string[]>;
  /** A valid JSON body by `METHOD url` (e.g. `POST /api/orders`). */
  bodies: Record<string, () => Record<string, unknown>>;
  /** Who may make the call, by `METHOD url` (most cases then reach the handler). */
  callers: Record<string, 'buyer' | 'seller' | 'admin'>;
  imageHostKey: string;
}

export interface FuzzContext {
  app: FastifyInstance;
  db: Db;
  imageDir: string;
  fixture: FuzzFixture;
  /** The table hashes after the last case, while known (saves hashing twice per case). */
  lastHashes?: Record<string, string>;
}

/**
 * Users and values through the API itself: a buyer, a seller (with a product) and an admin.
 * `idTokenFor` answers a Firebase ID token for an email (the emulator in the tests, a stand-in
 * sign-in provider in the bench).
 */
export async function makeFixture(
  app: FastifyInstance,
  idTokenFor: (email: string) => Promise<string>,
  imageHostKey: string,
): Promise<FuzzFixture> {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
  const make = async (role: 'Buyer' | 'Seller' | 'Admin'): Promise<FuzzUser> => {
    const email = `fuzz-${role.toLowerCase()}-${stamp}@test.cardealer.dev`;
    const idToken = await idTokenFor(email);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: `Fuzz ${role}`, email, userRole: role === 'Admin' ? 'Buyer' : role },
    });
    if (put.statusCode !== 200) throw new Error(`PUT /api/users: ${put.body}`);
    if (role === 'Admin') await app.repos.users.setRole(email, 'Admin');
    const jwt = await app.inject({
      url: `/api/jwt?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${idToken}` },
    });
    if (jwt.statusCode !== 200) throw new Error(`GET /api/jwt: ${jwt.body}`);
    return { email, _id: put.json().upsertedId, accessToken: jwt.json().accessToken, idToken };
  };
  const [buyer, seller, admin] = [await make('Buyer'), await make('Seller'), await make('Admin')];
  const productBody = () => ({
    carName: 'Fuzz Tesla',
    carPhoto: '/images/cars/car-01.svg',
    categoryName: 'Tesla',
    condition: 'Good',
    originalPrice: '52000',
    resalePrice: 38500,
    productLocation: 'Austin, TX',
    userYears: '2',
    productDescription: 'One owner.',
    sellerName: 'Fuzz Seller',
    // The vehicle data (a VIN would make the fixture's second post a 409).
    model: 'Model 3',
    modelYear: 2019,
    mileage: 48000,
    fuel: 'Electric',
  });
  const posted = await app.inject({
    method: 'POST',
    url: '/api/category',
    headers: { authorization: `bearer ${seller.accessToken}` },
    payload: productBody(),
  });
  if (posted.statusCode !== 201) throw new Error(`POST /api/category: ${posted.body}`);
  const productId = posted.json().insertedId as string;
  // A second car, so that pages of one have next-page cursors (genuine ones, to mutate).
  await app.inject({
    method: 'POST',
    url: '/api/category',
    headers: { authorization: `bearer ${seller.accessToken}` },
    payload: { ...productBody(), resalePrice: 39500 },
  });
  const cursors: string[] = [];
  for (const url of [
    '/api/products?limit=1',
    '/api/products?limit=1&sort=price_asc',
    '/api/products?limit=1&sort=deal',
    '/api/products?limit=1&q=tesla',
    '/api/category-products/Tesla?limit=1',
    '/api/category-products/Tesla?limit=1&sort=resalePrice&order=asc',
  ]) {
    const next = (await app.inject({ url })).headers['x-next-cursor'];
    if (typeof next === 'string') cursors.push(next);
  }
  const emails = [buyer.email, seller.email, admin.email];
  return {
    users: { buyer, seller, admin },
    values: {
      email: emails,
      // Ids that exist are given only to routes that do not delete (see `valuesFor`).
      id: [productId, buyer._id, seller._id],
      productID: [productId],
      categoryName: ['Tesla', 'BMW'],
      key: [imageHostKey],
      cursor: cursors,
    },
    bodies: {
      'POST /api/category': productBody,
      'POST /api/orders': () => ({
        buyerName: 'Fuzz Buyer',
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: productId,
      }),
      'PUT /api/users': () => ({ name: 'Fuzz Buyer', email: buyer.email, userRole: 'Buyer' }),
      'PATCH /api/products/:id': () => ({ resalePrice: 31000, mileage: 49000 }),
      'POST /api/admin/categories': () => ({
        categoryName: 'Fuzz make',
        image: '/images/categories/bmw.svg',
        rating: 4.5,
      }),
      'PATCH /api/admin/categories/:id': () => ({ rating: 4.1, position: 2 }),
    },
    callers: {
      'POST /api/category': 'seller',
      'PUT /api/seller-products/:id': 'seller',
      'DELETE /api/seller-products/:id': 'seller',
      'PATCH /api/products/:id': 'seller',
      'GET /api/seller-products/:email': 'seller',
      'POST /api/orders': 'buyer',
      'GET /api/orders': 'buyer',
      'PUT /api/users': 'buyer',
      'GET /api/users/buyers': 'admin',
      'GET /api/users/sellers': 'admin',
      'DELETE /api/user/:id': 'admin',
      'PUT /api/users/verify/:id': 'admin',
      'GET /api/admin/categories': 'admin',
      'POST /api/admin/categories': 'admin',
      'PATCH /api/admin/categories/:id': 'admin',
      'DELETE /api/admin/categories/:id': 'admin',
    },
    imageHostKey,
  };
}

// ---------------------------------------------------------------------------------------------
// The routes and what the contract says of them

interface JsonSchema {
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
    targets.push({
      method: route.method,
      url: route.url,
      pathParams,
      query: parameters
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
      body: operation?.requestBody?.content?.['application/json']?.schema,
      secured: (operation?.security ?? []).length > 0,
      accepts: {
        accessToken: schemes.has('accessToken'),
        idToken: schemes.has('firebaseIdToken'),
      },
      upload: route.url === '/image-host/1/upload',
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
function valid(schema: JsonSchema | undefined, value: unknown): boolean {
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

// ---------------------------------------------------------------------------------------------
// Hostile values

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u202e\u0644\u0627',
  '\ud800',
  '\udfff\ud800',
  '🚗💨',
  'Ṫéśłà Ⓜⓞⓓⓔⓛ',
  '𝕋𝕖𝕤𝕝𝕒',
  'ＴＥＳＬＡ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  '$where',
  '{"$gt": ""}',
  ' ',
  '',
  '\t\n',
  'a@b',
  '@',
  'x@y.z',
  'EXAMPLE@TEST.CARDEALER.DEV ',
];

const hugeString = fc
  .tuple(fc.constantFrom('A', 'é', '🚗', '\u0000', '<', '%'), fc.integer({ min: 256, max: 70_000 }))
  .map(([unit, count]) => unit.repeat(count));

/** Control and non-characters: NUL, escape, DEL, BOM, U+FFFE/FFFF, line and paragraph separators. */
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u2028',
  '\u2029',
];

/** Text with a control character somewhere in it. */
const controlText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${c}${b}x`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: controlText },
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTIONS), fc.string({ unit: 'grapheme', maxLength: 20 }))
      .map(([a, b]) => a + b),
  },
);

/** Nested arrays or objects, deep enough to trouble a naive recursive walk. */
const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepValue,
  fc.jsonValue({ maxDepth: 3 }),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
);

/** Header values must be visible ASCII (HTTP refuses the rest before the server sees it). */
const headerValue = fc.oneof(
  fc.constantFrom(...INJECTIONS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.integer({ min: 1, max: 9000 }).map((n) => 'z'.repeat(n)),
);

// ---------------------------------------------------------------------------------------------
// One case

export interface FuzzCase {
  request: InjectOptions & { method: string; url: string };
  /** Why the contract says it must be refused (empty: it may succeed). */
  defects: string[];
}

/** A JWT signed with another secret, or unsigned (`alg: none`), for the admin's email. */
function forgedToken(email: string, how: 'other-secret' | 'none' | 'expired'): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const exp = how === 'expired' ? now - 60 : now + 3600;
  const payload = b64({ email, uid: 'forged-uid', iat: now, exp });
  if (how === 'none') return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const signature = createHmac('sha256', 'not-the-secret-not-the-secret-not-the-secret')
    .update(`${head}.${payload}`)
    .digest('base64url');
  return `${head}.${payload}.${signature}`;
}

/** `kind`: the token is genuine (an access token or a Firebase ID token); else forged or junk. */
type Auth = { header?: string; kind?: 'accessToken' | 'idToken'; label: string };

function authArbitrary(fixture: FuzzFixture, target: FuzzTarget): fc.Arbitrary<Auth> {
  const { buyer, seller, admin } = fixture.users;
  const caller =
    fixture.callers[`${target.method === 'HEAD' ? 'GET' : target.method} ${target.url}`];
  const callers = caller
    ? [fixture.users[caller], fixture.users[caller], buyer, seller, admin]
    : [buyer, seller, admin];
  const valid = callers.map((user) =>
    fc.constantFrom(
      { header: `bearer ${user.accessToken}`, kind: 'accessToken', label: 'access token' },
      { header: `Bearer ${user.accessToken}`, kind: 'accessToken', label: 'access token' },
      { header: `Bearer ${user.idToken}`, kind: 'idToken', label: 'ID token' },
    ),
  );
  return fc.oneof(
    { weight: 12, arbitrary: fc.oneof(...valid) },
    { weight: 1, arbitrary: fc.constant<Auth>({ label: 'no token' }) },
    {
      weight: 1,
      arbitrary: headerValue.map((header) => ({ header, label: 'garbage' })),
    },
    {
      weight: 1,
      arbitrary: headerValue.map((t) => ({
        header: `Bearer ${t}`,
        label: 'garbage bearer',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('other-secret', 'none', 'expired').map((how) => ({
        header: `bearer ${forgedToken(admin.email, how as 'none')}`,
        label: `forged (${how})`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {
          header: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          label: 'basic',
        },
        { header: `bearer ${buyer.accessToken}x`, label: 'tampered token' },
        {
          header: `bearer ${buyer.accessToken} ${buyer.accessToken}`,
          label: 'two tokens',
        },
      ),
    },
  );
}

/** Valid values for a parameter of this route; routes that delete get only absent ids. */
function valuesFor(fixture: FuzzFixture, target: FuzzTarget, name: string): string[] {
  if (target.method === 'DELETE' && name === 'id') return ['0123456789abcdef01234567'];
  return fixture.values[name] ?? [];
}

interface ValueChoice {
  value: unknown;
  hostile: boolean;
}

/** URLs carry UTF-8: a lone surrogate cannot be sent, it arrives as U+FFFD. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function paramValue(fixture: FuzzFixture, target: FuzzTarget, name: string) {
  const known = valuesFor(fixture, target, name);
  const options: fc.Arbitrary<ValueChoice>[] = [
    anyValue.map((value) => ({
      value: wellFormed(typeof value === 'string' ? value : JSON.stringify(value)),
      hostile: true,
    })),
    // Forged and mutated cursors, numeric edges, long punctuation.
    edgeQueryValue(fixture.values.cursor ?? []).map((value) => ({ value, hostile: true })),
  ];
  if (known.length) {
    options.push(
      fc.constantFrom(...known).map((value) => ({ value, hostile: false })),
      fc.constantFrom(...known).map((value) => ({ value, hostile: false })),
    );
  }
  return fc.oneof(...options);
}

function encodePathValue(value: string, raw: boolean): string {
  // Sometimes raw (a lone % is a bad encoding the router must refuse cleanly).
  return raw ? value.replace(/[/?#\s]/g, encodeURIComponent) : encodeURIComponent(value);
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/json-patch+json',
  'text/html; charset=utf-8',
];

interface BodyChoice {
  payload?: string | Buffer;
  contentType?: string;
  /** Why it cannot be accepted (empty: it may be valid). */
  defects: string[];
}

function parseLikeTheServer(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return {
      ok: true,
      value: secureJson.parse(text, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      }),
    };
  } catch {
    return { ok: false };
  }
}

function jsonBodyArbitrary(fixture: FuzzFixture, target: FuzzTarget): fc.Arbitrary<BodyChoice> {
  const key = `${target.method} ${target.url}`;
  const base = fixture.bodies[key] ?? (() => ({}));
  const fields = Object.keys(
    ((target.body?.properties as Record<string, unknown> | undefined) ?? base()) as object,
  );
  const fieldName = fields.length
    ? fc.oneof(
        fc.constantFrom(...fields),
        hostileString.filter((s) => s.length < 40),
      )
    : hostileString.filter((s) => s.length < 40);
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), field: fieldName, value: anyValue }),
    fc.record({ kind: fc.constant('delete' as const), field: fieldName, value: fc.constant(null) }),
  );
  const mutated = fc.array(mutation, { minLength: 0, maxLength: 3 }).map((mutations) => {
    const body: Record<string, unknown> = base();
    for (const m of mutations) {
      if (m.kind === 'delete') delete body[m.field];
      else body[m.field] = m.value;
    }
    return JSON.stringify(body);
  });
  // A valid body whose free text is hostile (markup, SQL, control characters): may be stored.
  const properties = (target.body?.properties ?? {}) as Record<string, JsonSchema>;
  const textFields = Object.keys(properties).filter(
    (name) =>
      properties[name].type === 'string' &&
      (properties[name].pattern === undefined || properties[name].pattern === '\\S'),
  );
  const hostileContent = fc
    .tuple(
      fc.constantFrom(...(textFields.length ? textFields : fields.length ? fields : ['x'])),
      hostileString,
    )
    .map(([field, value]) =>
      JSON.stringify({ ...base(), [field]: value.slice(0, 60) || '\u0000' }),
    );
  const text = fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 6, arbitrary: hostileContent },
    // A field sent twice: JSON.parse keeps the last one.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), anyValue)
        .map(([field, value]) => {
          const json = JSON.stringify(base());
          return `${json.slice(0, -1)}${json.length > 2 ? ',' : ''}${JSON.stringify(field)}:${JSON.stringify(value) ?? 'null'}}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__": {"isAdmin": true}, "name": "x"}',
        '{"constructor": {"prototype": {"polluted": true}}}',
        '{',
        '{"carName": "Tesla",',
        "{'carName': 'Tesla'}",
        '[1, 2',
        'NaN',
        '\u0000',
        '{"a": 1}}',
        '\ufeff{}',
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: hostileString },
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: text.map((payload): BodyChoice => {
        const parsed = parseLikeTheServer(payload);
        const defects: string[] = [];
        if (Buffer.byteLength(payload) > 64 * 1024) defects.push('body over 64 KB');
        else if (!parsed.ok) defects.push('not JSON');
        else if (!valid(target.body, parsed.value)) defects.push('body fails its schema');
        return { payload, contentType: 'application/json', defects };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(mutated, hostileString))
        .map(([contentType, payload]) => ({ payload, contentType, defects: ['not JSON'] })),
    },
    {
      weight: 1,
      arbitrary: fc.constant<BodyChoice>({ defects: target.body ? ['no body'] : [] }),
    },
  );
}

function uploadBodyArbitrary(): fc.Arbitrary<BodyChoice> {
  const boundary = 'fuzzboundary';
  const part = (name: string, filename: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
    hostileString.map((s) => Buffer.from(s)),
    fc.constantFrom(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      // A PNG signature and nothing else.
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      // A GIF header claiming a huge canvas.
      Buffer.from('GIF89a\xff\xff\xff\xff\x00\x00\x00', 'latin1'),
    ),
  );
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('image', 'image', 'photo', '', 'image"; x="'),
        headerValue.filter((s) => !/["\r\n]/.test(s)),
        fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
        content,
      )
      .map(([name, filename, type, bytes]) => ({
        payload: part(name, filename, type, bytes),
        contentType: `multipart/form-data; boundary=${boundary}`,
        defects: ['not an image'],
      })),
    fc
      .tuple(fc.constantFrom(...CONTENT_TYPES, 'application/json'), hostileString)
      .map(([contentType, payload]) => ({ payload, contentType, defects: ['not multipart'] })),
    fc.tuple(hostileString, content).map(([garbage, bytes]) => ({
      payload: Buffer.concat([Buffer.from(garbage), bytes]),
      contentType: `multipart/form-data; boundary=${boundary}`,
      defects: ['broken multipart'],
    })),
    fc.constant<BodyChoice>({ contentType: 'multipart/form-data', defects: ['no boundary'] }),
  );
}

const EXTRA_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'origin',
  'referer',
  'cookie',
  'if-none-match',
  'range',
  'user-agent',
  'x-http-method-override',
  'content-encoding',
];

/** The arbitrary of one request to this route. */
export function caseArbitrary(fixture: FuzzFixture, target: FuzzTarget): fc.Arbitrary<FuzzCase> {
  const params = fc.tuple(
    ...target.pathParams.map((p) => paramValue(fixture, target, p.name)),
    fc.boolean(),
  );
  // An optional field nobody gave a value for is mostly left out, so the rest gets through.
  const queryEntry = (q: { name: string; required: boolean }) =>
    fc.oneof(
      { weight: 3, arbitrary: paramValue(fixture, target, q.name).map((v) => [v]) },
      {
        weight: q.required || valuesFor(fixture, target, q.name).length ? 1 : 12,
        arbitrary: fc.constant([] as ValueChoice[]),
      },
      // Doubled: ?email=a&email=b
      {
        weight: 1,
        arbitrary: fc.tuple(
          paramValue(fixture, target, q.name),
          paramValue(fixture, target, q.name),
        ),
      },
    );
  const query = fc.tuple(
    fc.tuple(...target.query.map(queryEntry)),
    fc.array(
      fc.tuple(
        hostileString.filter((s) => s.length < 30),
        hostileString,
      ),
      {
        maxLength: 2,
      },
    ),
  );
  const takesBody =
    target.method === 'POST' || target.method === 'PUT' || target.method === 'PATCH';
  const body: fc.Arbitrary<BodyChoice> = target.upload
    ? uploadBodyArbitrary()
    : takesBody || target.body
      ? jsonBodyArbitrary(fixture, target)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<BodyChoice>({ defects: [] }) },
          // A body where none is expected.
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom('application/json', ...CONTENT_TYPES), hostileString)
              .map(([contentType, payload]) => ({ payload, contentType, defects: [] })),
          },
        );
  const headers = fc.dictionary(fc.constantFrom(...EXTRA_HEADERS), headerValue, { maxKeys: 3 });
  return fc
    .tuple(authArbitrary(fixture, target), params, query, body, headers)
    .map(([auth, [...paramValues], [queryValues, extraQuery], bodyChoice, extraHeaders]) => {
      const defects = [...bodyChoice.defects];
      const rawPath = paramValues.pop() as unknown as boolean;
      let url = target.url;
      target.pathParams.forEach((param, i) => {
        const choice = paramValues[i] as ValueChoice;
        const value = String(choice.value);
        if (param.schema && !valid(param.schema, value))
          defects.push(`${param.name} fails its schema`);
        const encoded = encodePathValue(value, rawPath && choice.hostile);
        url = url.replace(param.name === '*' ? '*' : `:${param.name}`, encoded || '%20');
      });
      const pairs: string[] = [];
      const queryObject: Record<string, unknown> = {};
      target.query.forEach((q, i) => {
        const chosen = queryValues[i] as ValueChoice[];
        for (const choice of chosen) {
          pairs.push(`${encodeURIComponent(q.name)}=${encodeURIComponent(String(choice.value))}`);
        }
        if (chosen.length === 0 && q.required) defects.push(`${q.name} missing`);
        if (chosen.length > 1) defects.push(`${q.name} doubled`);
        if (chosen.length === 1) queryObject[q.name] = String(chosen[0].value);
      });
      const querySchema = {
        type: 'object',
        properties: Object.fromEntries(target.query.map((q) => [q.name, q.schema])),
      };
      if (target.query.length && !valid(querySchema, queryObject))
        defects.push('query fails its schema');
      for (const [name, value] of extraQuery) {
        if (target.query.some((q) => q.name === name)) continue;
        pairs.push(
          `${encodeURIComponent(wellFormed(name))}=${encodeURIComponent(wellFormed(value))}`,
        );
      }
      if (target.upload) {
        // The image host's key: kept valid most of the time, so the upload itself is tried.
        const key = pairs.length % 3 === 0 ? 'not-the-key' : fixture.imageHostKey;
        pairs.unshift(`key=${encodeURIComponent(key)}`);
      }
      if (pairs.length) url += `?${pairs.join('&')}`;

      const headers: Record<string, string> = { ...extraHeaders };
      if (auth.header !== undefined) headers.authorization = auth.header;
      const genuine = auth.kind !== undefined && target.accepts[auth.kind];
      if (target.secured && !genuine) defects.push(`authorization: ${auth.label}`);
      if (bodyChoice.contentType !== undefined) headers['content-type'] = bodyChoice.contentType;
      return {
        request: {
          method: target.method,
          url,
          headers,
          ...(bodyChoice.payload !== undefined ? { payload: bodyChoice.payload } : {}),
        } as FuzzCase['request'],
        defects,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Running cases

const listImages = (folder: string) => {
  try {
    return readdirSync(folder).sort().join(',');
  } catch {
    return '';
  }
};

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

export interface CaseResult {
  status: number;
  /** What is wrong with the answer, or null. */
  problem: string | null;
}

/** Sends one case and checks the answer and the database. */
/** Routes that answer an endless stream (Server-Sent Events). */
const STREAMS = new Set(['/api/events']);

/**
 * A stream's answer: its status, and the body of a refusal (which ends). An accepted stream is
 * left at once, as a browser that navigates away would.
 */
async function injectStream(app: FastifyInstance, request: InjectOptions) {
  const leave = new AbortController();
  const response = await app.inject({ ...request, payloadAsStream: true, signal: leave.signal });
  let body = '';
  if (response.statusCode >= 400) {
    for await (const chunk of response.stream()) body += String(chunk);
  } else {
    leave.abort();
  }
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) as unknown };
}

export async function checkCase(ctx: FuzzContext, c: FuzzCase): Promise<CaseResult> {
  const result = await check(ctx, c);
  return typeof result === 'number' ? { status: result, problem: null } : result;
}

async function check(ctx: FuzzContext, c: FuzzCase): Promise<number | CaseResult> {
  const before = ctx.lastHashes ?? (await tableHashes(ctx.db));
  ctx.lastHashes = undefined;
  const imagesBefore = listImages(ctx.imageDir);
  let response: { statusCode: number; body: string; json(): unknown };
  try {
    response = STREAMS.has(c.request.url.split('?')[0])
      ? await injectStream(ctx.app, c.request)
      : await ctx.app.inject(c.request);
  } catch (error) {
    return { status: 0, problem: `inject failed: ${(error as Error).message}` };
  }
  const status = response.statusCode;
  const fail = (problem: string): CaseResult => ({ status, problem });
  if (status >= 500) return fail(`answered ${status}: ${response.body.slice(0, 300)}`);
  if (status >= 400 && c.request.method !== 'HEAD') {
    let message: unknown;
    try {
      message = (response.json() as { message?: unknown }).message;
    } catch {
      return fail(`answered ${status} without JSON: ${response.body.slice(0, 200)}`);
    }
    if (typeof message !== 'string' || message.trim() === '') {
      return fail(`answered ${status} without a message: ${response.body.slice(0, 200)}`);
    }
  }
  if (c.defects.length && status < 400) {
    return fail(`answered ${status} to a request with ${c.defects.join(', ')}`);
  }
  if (status >= 400 || !isWrite(c.request.method)) {
    const after = await tableHashes(ctx.db);
    ctx.lastHashes = after;
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (changed.length) return fail(`answered ${status} but changed ${changed.join(', ')}`);
    if (listImages(ctx.imageDir) !== imagesBefore)
      return fail(`answered ${status} but stored an image`);
  }
  return status;
}

/** A short, printable description of a case (for failure reports). */
export function describeCase(c: FuzzCase): string {
  const payload = c.request.payload;
  const shown =
    payload === undefined
      ? ''
      : ` body=${JSON.stringify(String(Buffer.isBuffer(payload) ? payload.toString('latin1') : payload).slice(0, 200))}`;
  return `${c.request.method} ${c.request.url.slice(0, 200)} headers=${JSON.stringify(
    c.request.headers,
  ).slice(0, 300)}${shown}`;
}

export interface FuzzReport {
  cases: number;
  byRoute: Record<string, number>;
  byStatus: Record<string, number>;
  failures: { route: string; problem: string; request: string }[];
}

/**
 * Runs `runsPerRoute` cases on every route and collects failures (no shrinking: the bench
 * wants the count and every distinct problem; the Jest suite uses `fc.assert` instead).
 */
export async function fuzzEveryRoute(
  ctx: FuzzContext,
  runsPerRoute: number,
  seed: number,
  onProgress?: (done: number) => void,
): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, byRoute: {}, byStatus: {}, failures: [] };
  for (const target of fuzzTargets(ctx.app)) {
    const route = `${target.method} ${target.url}`;
    const samples = fc.sample(caseArbitrary(ctx.fixture, target), { numRuns: runsPerRoute, seed });
    for (const c of samples) {
      const { status, problem } = await checkCase(ctx, c);
      report.cases++;
      report.byRoute[route] = (report.byRoute[route] ?? 0) + 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      if (problem) report.failures.push({ route, problem, request: describeCase(c) });
      onProgress?.(report.cases);
    }
  }
  return report;
}
