import { createHmac } from 'node:crypto';
import { BUSY, TOO_SLOW, VinDecoder } from './vin-decoder';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  registerUser,
  TEST_ACCESS_TOKEN_SECRET,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { REAL_VINS } from '../../test/vins';
import { ONE_AT_A_TIME } from './vin-routes';

/** An HS256 token with these claims, signed with `key`, as anyone could make one. */
function signed(claims: Record<string, unknown>, key: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

/** GET /api/vin/{vin}: checked, decoded offline in a worker thread, limited per account. */
describe(`GET /api/vin/{vin} (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  const others: Array<{ close: () => Promise<void> }> = [];

  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { vin: [{ max: 12, windowSeconds: 60 }] } });
    [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Buyer'),
    ]);
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await ctx.close();
  });

  /** Each call from an address of its own unless told: the limit test counts per account. */
  let calls = 0;
  const decode = (vin: string, headers: Record<string, string> = seller.auth, address?: string) =>
    ctx.app.inject({
      url: `/api/vin/${encodeURIComponent(vin)}`,
      headers,
      remoteAddress: address ?? `10.25.${Math.floor(calls / 250)}.${(calls++ % 250) + 1}`,
    });

  it('decodes a car of a listed make into its fields, and says a make with no category is not listed', async () => {
    const tesla = await decode(REAL_VINS.tesla);
    expect(tesla.statusCode).toBe(200);
    expect(tesla.json()).toEqual({
      vin: REAL_VINS.tesla,
      make: 'Tesla',
      category: 'Tesla',
      listed: true,
      model: 'Model S',
      modelYear: 2015,
      trim: null,
      bodyStyle: 'Hatchback',
      fuel: 'Electric',
      transmission: null,
      drive: null,
      doors: 5,
    });
    // Small letters and spaces around, as people type it; any signed-in role.
    const ferrari = await decode(` ${REAL_VINS.ferrari.toLowerCase()} `, buyer.auth);
    expect(ferrari.statusCode).toBe(200);
    expect(ferrari.json()).toMatchObject({
      vin: REAL_VINS.ferrari,
      make: 'Ferrari',
      category: 'Ferrari',
      listed: true,
      model: 'SF90',
      modelYear: 2021,
      trim: 'Stradale',
      bodyStyle: 'Coupe',
      doors: 2,
    });
    expect((await decode(REAL_VINS.bmw)).json()).toMatchObject({
      make: 'BMW',
      category: 'BMW',
      listed: true,
      model: '435i',
      modelYear: 2014,
      trim: 'xDrive',
    });
    const porsche = await decode(REAL_VINS.porsche);
    expect(porsche.statusCode).toBe(200);
    expect(porsche.json()).toMatchObject({
      make: 'Porsche',
      category: null,
      listed: false,
      model: 'Taycan',
      modelYear: 2020,
      fuel: 'Electric',
    });
  });

  it('answers what vPIC knows (the maker only), or 404 when it knows nothing', async () => {
    const volkswagen = await decode('9BWZZZ377VT004251');
    expect(volkswagen.statusCode).toBe(200);
    expect(volkswagen.json()).toMatchObject({ make: 'Volkswagen', model: null, listed: false });
    const unknown = await decode('WP0ZZZ99ZTS392124');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not decode this VIN');
  });

  it('refuses a VIN that cannot be one with a 400 naming what is wrong', async () => {
    const refusals: Array<[string, string]> = [
      [REAL_VINS.tesla.slice(0, 16), 'vin: A VIN has 17 characters, this one has 16'],
      ['5YJSO1H12FFP71790', 'vin: A VIN has no letter O (character 5)'],
      ['5YJSA1H13FFP71790', 'vin: Character 9 should be 2 (the check digit), not 3'],
      ['5YJSA1H12FFP7179;', 'vin: A VIN has only letters and digits: character 17 is ";"'],
      ["5YJSA1H12FFP'1790", 'vin: A VIN has only letters and digits: character 13 is "\'"'],
    ];
    for (const [vin, message] of refusals) {
      const answer = await decode(vin);
      expect({ vin, status: answer.statusCode, message: answer.json().message }).toEqual({
        vin,
        status: 400,
        message,
      });
    }
    const long = await decode('X'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^vin: /);
  });

  it('answers only a signed-in caller with a valid access token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { email: seller.email, uid: seller.uid, iat: now, exp: now + 600 };
    const callers: Record<string, Record<string, string>> = {
      nobody: {},
      'a token signed with another key': {
        authorization: `Bearer ${signed(claims, 'not-the-secret-but-just-as-long-as-it-is')}`,
      },
      'an expired token': {
        authorization: `Bearer ${signed({ ...claims, exp: now - 60 }, TEST_ACCESS_TOKEN_SECRET)}`,
      },
      "the seller's Firebase ID token": { authorization: `Bearer ${seller.idToken}` },
    };
    for (const [who, headers] of Object.entries(callers)) {
      const answer = await decode(REAL_VINS.tesla, headers);
      expect({ who, status: answer.statusCode }).toEqual({ who, status: 401 });
      expect(answer.json().message).toMatch(/^authorization: /);
    }
    // The same claims signed with the server's key pass: the refusals above are the signature's.
    const genuine = `Bearer ${signed(claims, TEST_ACCESS_TOKEN_SECRET)}`;
    expect((await decode(REAL_VINS.tesla, { authorization: genuine })).statusCode).toBe(200);
  });

  it('limits decodes per account, whatever the address, and not another account', async () => {
    const counter = await registerUser(ctx.app, 'Seller', 'vin-limit');
    const answers: number[] = [];
    // Twelve a minute here; refused VINs count too (a flood of them costs as well).
    for (let i = 0; i < 13; i += 1) {
      answers.push((await decode('5YJSO1H12FFP71790', counter.auth, `10.24.1.${i}`)).statusCode);
    }
    expect(answers).toEqual([...Array<number>(12).fill(400), 429]);
    const refused = await decode(REAL_VINS.tesla, counter.auth, '10.24.1.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await decode(REAL_VINS.tesla, buyer.auth, '10.24.2.1')).statusCode).toBe(200);
  });

  it('answers other requests while a decode runs: decoding never holds up the event loop', async () => {
    // A replica whose decoder has not started: its first decode starts the thread and opens the
    // database (a second or more), all of it off the event loop.
    const replica = await buildReplica(ctx);
    others.push(replica);
    await replica.app.ready();
    let decoded = false;
    const decoding = replica.app
      .inject({ url: `/api/vin/${REAL_VINS.bmwX3}`, headers: seller.auth })
      .then((answer) => {
        decoded = true;
        return answer;
      });
    for (let i = 0; i < 5; i += 1) {
      const health = await replica.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    }
    // Five answers came while the decode was still running.
    expect(decoded).toBe(false);
    const answer = await decoding;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ make: 'BMW', model: 'X3' });
  });

  it('answers 503 when a decode takes too long', async () => {
    const slow = new VinDecoder({ timeoutMs: 1 });
    const replica = await buildReplica(ctx, { vinDecoder: slow });
    others.push(replica);
    await replica.app.ready();
    const answer = await replica.app.inject({
      url: `/api/vin/${REAL_VINS.honda}`,
      headers: seller.auth,
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe('Decoding this VIN took too long: try again in a moment');
    expect(answer.headers['retry-after']).toBe('5');
    // The app closes the decoder it was given: no thread is left behind.
    await replica.close();
    await expect(slow.decode(REAL_VINS.honda)).rejects.toThrow('The server is stopping');
  });

  it('decodes one VIN at a time per account: a second at once is refused, another account is not held', async () => {
    const hasty = await registerUser(ctx.app, 'Seller', 'vin-hasty');
    // Four VINs at once from one account (each on an address of its own), and one from another.
    const [mine, theirs] = await Promise.all([
      Promise.all(
        [REAL_VINS.ferrari812, REAL_VINS.bmwX1, REAL_VINS.honda, REAL_VINS.bmwX3].map((vin) =>
          decode(vin, hasty.auth),
        ),
      ),
      decode(REAL_VINS.porsche, buyer.auth),
    ]);
    const statuses = mine.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429]);
    for (const refused of mine.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json().message).toBe(ONE_AT_A_TIME);
      expect(refused.headers['retry-after']).toBe('1');
    }
    expect(theirs.statusCode).toBe(200);
    // Once answered, the account decodes again.
    expect((await decode(REAL_VINS.ferrari812, hasty.auth)).statusCode).toBe(200);
  });

  it("counts only signed-in calls: strangers' 401s on an address leave its budget to the signed-in", async () => {
    const address = '10.26.0.1';
    const forged = {
      authorization: `Bearer ${signed({ email: 'x@example.com', uid: 'x' }, 'a-key-that-is-not-the-servers')}`,
    };
    const anonymous: number[] = [];
    // More than the address's twelve a minute, with no token or a forged one.
    for (let i = 0; i < 15; i += 1) {
      anonymous.push((await decode(REAL_VINS.tesla, i % 2 ? forged : {}, address)).statusCode);
    }
    expect(anonymous).toEqual(Array<number>(15).fill(401));
    const signedIn = await decode(REAL_VINS.tesla, buyer.auth, address);
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers 503 when decoding is busy: a caller past its budget, in line or decoding', async () => {
    // 1 ms once the thread is open: one decode is under way then, the other still waits.
    const tight = new VinDecoder({ budgetMs: 1 });
    const replica = await buildReplica(ctx, { vinDecoder: tight });
    others.push(replica);
    await replica.app.ready();
    const answers = await Promise.all(
      [seller, buyer].map((user) =>
        replica.app.inject({ url: `/api/vin/${REAL_VINS.bmwX1}`, headers: user.auth }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([503, 503]);
    expect(answers.map((answer) => answer.json().message).sort()).toEqual([BUSY, TOO_SLOW].sort());
    for (const answer of answers) expect(answer.headers['retry-after']).toBe('5');
  });
});
