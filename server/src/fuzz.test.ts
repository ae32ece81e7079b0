/**
 * Generated bad input on every route the app registers (server/test/fuzz/fuzz.ts says what is
 * sent and checked): never a 5xx, every 4xx a JSON `{message}`, nothing changed by a refusal
 * or a read (a hash of every table, the image folder), and every request the contract calls
 * invalid refused. A few hundred cases here; `npm run bench:fuzz` runs 10,000 and more.
 */
import fc from 'fast-check';
import {
  caseArbitrary,
  checkCase,
  describeCase,
  fuzzTargets,
  makeFixture,
  type FuzzContext,
} from '../test/fuzz/fuzz';
import {
  buildTestApp,
  databaseKind,
  signUp,
  TEST_IMAGE_KEY,
  type TestContext,
} from '../test/helper';

/** Cases per route: ~60 routes (HEAD included) × 8 ≈ 480 cases. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 8);

describe(`generated bad input (${databaseKind})`, () => {
  let test: TestContext;
  let ctx: FuzzContext;
  beforeAll(async () => {
    test = await buildTestApp();
    const fixture = await makeFixture(test.app, (email) => signUp(email), TEST_IMAGE_KEY);
    ctx = { app: test.app, db: test.database.db, imageDir: test.imageDir, fixture };
  });
  afterAll(() => test.close());

  it('reaches every registered route, with the contract of each documented one', () => {
    const targets = fuzzTargets(ctx.app);
    const keys = targets.map((t) => `${t.method} ${t.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url}`)),
    );
    for (const route of ['POST /api/orders', 'POST /api/category', 'PUT /api/users']) {
      expect(targets.find((t) => `${t.method} ${t.url}` === route)?.body).toBeDefined();
    }
    expect(targets.find((t) => t.url === '/api/jwt')?.accepts).toEqual({
      accessToken: false,
      idToken: true,
    });
  });

  it('answers every generated request with a 4xx or a success, never a 5xx, and a refusal changes nothing', async () => {
    const targets = fuzzTargets(ctx.app);
    let cases = 0;
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(ctx.fixture, target), async (c) => {
          cases++;
          const { problem } = await checkCase(ctx, c);
          if (problem) throw new Error(`${problem}\n  request: ${describeCase(c)}`);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(targets.length * RUNS_PER_ROUTE);
    // About 60 routes × 8 cases, each a request and a check of every table: 10-30 s on a busy
    // 2-core machine, past Jest's default.
  }, 120_000);
});
