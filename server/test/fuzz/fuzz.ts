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
 * The harness, one job a module: `fixture.ts` (who calls, valid values), `targets.ts` (the routes
 * and their contract), `hostile-values.ts`, `authorization.ts`, `bodies.ts` and `cases.ts` (the
 * generated cases), `runner.ts` (sending and checking them). This module is its entry point.
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
export { caseArbitrary, type FuzzCase } from './cases';
export { makeFixture, type FuzzContext, type FuzzFixture, type FuzzUser } from './fixture';
export { hostileString } from './hostile-values';
export {
  checkCase,
  describeCase,
  fuzzEveryRoute,
  type CaseResult,
  type FuzzReport,
} from './runner';
export { fuzzTargets, type FuzzTarget } from './targets';
