/**
 * The body of a case: a valid JSON body mutated (fields set to hostile values, dropped, doubled,
 * unknown), hostile free text in a valid body, malformed JSON, wrong content types, and for the
 * image host's upload, multipart parts that are not images or not multipart at all.
 */
import fc from 'fast-check';
import secureJson from 'secure-json-parse';
import type { FuzzFixture } from './fixture';
import { anyValue, headerValue, hostileString } from './hostile-values';
import { valid, type FuzzTarget, type JsonSchema } from './targets';

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/json-patch+json',
  'text/html; charset=utf-8',
];

export interface BodyChoice {
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

export function jsonBodyArbitrary(
  fixture: FuzzFixture,
  target: FuzzTarget,
): fc.Arbitrary<BodyChoice> {
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

export function uploadBodyArbitrary(): fc.Arbitrary<BodyChoice> {
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
