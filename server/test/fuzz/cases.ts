/**
 * One case: a request to one route, made of path parameters, query, body, headers and an
 * Authorization header, each valid or hostile, with the defects for which the contract says
 * it must be refused.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { authArbitrary } from './authorization';
import { CONTENT_TYPES, jsonBodyArbitrary, uploadBodyArbitrary, type BodyChoice } from './bodies';
import type { FuzzFixture } from './fixture';
import { anyValue, headerValue, hostileString } from './hostile-values';
import { edgeQueryValue } from './query-values';
import { valid, type FuzzTarget } from './targets';

export interface FuzzCase {
  request: InjectOptions & { method: string; url: string };
  /** Why the contract says it must be refused (empty: it may succeed). */
  defects: string[];
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
