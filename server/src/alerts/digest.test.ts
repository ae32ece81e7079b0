import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../platform/db/client';
import { withDatabase } from '../../test/global-setup';
import { databaseKind, postProduct, registerUser, type TestUser } from '../../test/helper';
import {
  alertOutbox,
  changePrice,
  confirmEmails,
  insertAlert,
  saveCar,
  savedSearch,
} from '../../test/alert-mail-fixture';
import { MATCH_ON_DEMAND } from '../../test/alert-fixture';
import {
  clearOutbox,
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type MailTest,
} from '../../test/mail-fixture';
import { DigestScheduler, utcDay } from './digest';
import { unsubscribeTokens } from './unsubscribe-token';

const ORIGIN = 'http://cars.example';
const HOUR = 7;

describe(`the daily digest (${databaseKind})`, () => {
  let mt: MailTest;
  let seller: TestUser;
  /** A clock the tests move: today's UTC day at the digest hour by default. */
  let clock: Date;
  const today = utcDay(new Date());
  const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
  const nextDay = (day: string) => utcDay(new Date(at(day, '12:00:00').getTime() + 86_400_000));
  beforeAll(async () => {
    // The alerts are written by the tests; the matcher runs only when asked.
    mt = await openMailTest(MATCH_ON_DEMAND);
    seller = await registerUser(mt.ctx.app, 'Seller', 'digest-seller');
    await confirmEmails(mt.ctx, seller);
  });
  afterAll(() => closeMailTest(mt));
  beforeEach(async () => {
    mt.smtp.received.length = 0;
    mt.smtp.raw.length = 0;
    await clearOutbox(mt.ctx);
    // Each test starts with nothing waiting for a digest and nobody's day claimed.
    await db().execute(sql`update notifications set mail = 'none' where mail = 'digest'`);
    await db().execute(sql`update alert_settings set digest_day = null`);
    clock = at(today, '07:00:00');
  });

  const db = () => mt.ctx.database.db;
  /** Another process's connection pool to this test's PostgreSQL database. */
  async function ownHandle(): Promise<Database> {
    const [{ name }] = (
      (await db().execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows as [{ name: string }];
    return openDatabase({ databaseUrl: withDatabase(process.env.DATABASE_URL!, name) });
  }
  const scheduler = (on: Db = db()) => new DigestScheduler(on, { hour: HOUR, now: () => clock });
  const car = (carName: string, price = 35000) =>
    postProduct(mt.ctx.app, seller, { carName, resalePrice: String(price) });
  const person = async (label: string) => {
    const user = await registerUser(mt.ctx.app, 'Buyer', label);
    await confirmEmails(mt.ctx, user);
    return user;
  };
  /** A match of a new car for a new 'daily' search of `user`. */
  async function dailyMatch(user: TestUser, name = `Daily of ${user.name}`, createdAt?: Date) {
    const search = await savedSearch(mt.ctx, user, name, 'daily');
    const productId = await car(`${name} car`);
    await insertAlert(db(), {
      kind: 'match',
      user,
      productId,
      searchId: search.id,
      mail: 'digest',
      createdAt,
    });
    return { search, productId };
  }

  it('mails one digest per person at the hour, grouped, with links and its unsubscribe', async () => {
    const alice = await person('digest-alice');
    const bmw = await savedSearch(mt.ctx, alice, 'BMW · under $60,000', 'daily');
    const cars = [await car('2019 BMW 330i', 35000), await car('2020 BMW X3', 41000)];
    for (const productId of cars) {
      await insertAlert(db(), {
        kind: 'match',
        user: alice,
        productId,
        searchId: bmw.id,
        mail: 'digest',
      });
    }
    const tesla = await car('Tesla Model 3', 30000);
    await saveCar(mt.ctx, alice, tesla);
    const first = await changePrice(db(), tesla, 29000);
    const second = await changePrice(db(), tesla, 27500);
    // Written in the same instant, as one matcher pass can, the later drop with the lower id:
    // still told from $30,000 to $27,500.
    const sameInstant = new Date();
    for (const [priceRowId, id] of [
      [second, '000000000000000000000001'],
      [first, 'ffffffffffffffffffffffff'],
    ] as const) {
      await insertAlert(db(), {
        kind: 'price_drop',
        user: alice,
        productId: tesla,
        priceRowId,
        mail: 'digest',
        createdAt: sameInstant,
        id,
      });
    }
    const audi = await car('Audi A4');
    await saveCar(mt.ctx, alice, audi);
    await insertAlert(db(), { kind: 'saved_sold', user: alice, productId: audi, mail: 'digest' });
    const bob = await person('digest-bob');
    await dailyMatch(bob);

    // Not before the hour.
    clock = at(today, '06:59:59.999');
    expect(await scheduler().runOnce()).toBe(0);
    clock = at(today, '07:00:00');
    expect(await scheduler().runOnce()).toBe(2);
    // Once a day: the next minute finds it done.
    clock = at(today, '07:01:00');
    expect(await scheduler().runOnce()).toBe(0);

    expect(await drain(mailWorker(mt))).toBe(2);
    const mail = mt.smtp.received.find((received) => received.to === alice.email)!;
    const token = (await unsubscribeTokens(db())).sign({ kind: 'digest', userId: alice._id });
    expect(mail.messageId).toBe(`<outbox-digest-${today}-${alice._id}@cardealer.local>`);
    expect(mail.subject).toBe(
      'CarDealer: your alerts of the day: 2 new cars, 1 lower price, 1 saved car sold',
    );
    expect(mail.text).toBe(
      [
        'Your CarDealer alerts since the last digest: 2 new cars, 1 lower price, 1 saved car sold.',
        '',
        '== 2 new cars for your saved search:',
        '> BMW · under $60,000',
        '',
        ...['2019 BMW 330i:35,000', '2020 BMW X3:41,000'].flatMap((entry, i) => [
          'Car:',
          `> ${entry.split(':')[0]}`,
          `Price: $${entry.split(':')[1]}`,
          `Open the car: ${ORIGIN}/cars/${cars[i]}`,
          '',
        ]),
        `See the search: ${ORIGIN}/cars?${bmw.query}`,
        `Your saved searches: ${ORIGIN}/dashboad/saved-searches`,
        '',
        '== Saved cars with a lower price:',
        '',
        'Car:',
        '> Tesla Model 3',
        'Now $27,500: $2,500 less.',
        `Open the car: ${ORIGIN}/cars/${tesla}`,
        '',
        '== Saved cars sold:',
        '',
        'Car:',
        '> Audi A4',
        'Sold.',
        `Open the car: ${ORIGIN}/cars/${audi}`,
        '',
        `Your saved cars: ${ORIGIN}/dashboad/saved`,
        '',
        'To get no more daily e-mails (the app still shows every alert):',
        `Unsubscribe: ${ORIGIN}/unsubscribe?token=${token}`,
        '',
        '--',
        'Lines starting with ">" are quoted from CarDealer users; everything else is from CarDealer.',
        '',
      ].join('\n'),
    );
    const raw = mt.smtp.raw.find((received) => received.to === alice.email)!;
    expect(raw.headers.map((line) => line.replace(/\r\n(?=[ \t])/g, ''))).toEqual(
      expect.arrayContaining([
        `List-Unsubscribe: <${ORIGIN}/api/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]),
    );
  });

  it('mails nobody with nothing new, and nothing already carried; the next day carries the new', async () => {
    const carol = await person('digest-carol');
    expect(await scheduler().runOnce()).toBe(0);
    await dailyMatch(carol, 'First day');
    expect(await scheduler().runOnce()).toBe(1);
    // An alert after today's digest waits for tomorrow's, even past midnight until the hour.
    await dailyMatch(carol, 'Second day');
    expect(await scheduler().runOnce()).toBe(0);
    const tomorrow = nextDay(today);
    clock = at(tomorrow, '00:00:00');
    expect(await scheduler().runOnce()).toBe(0);
    clock = at(tomorrow, '06:59:59');
    expect(await scheduler().runOnce()).toBe(0);
    clock = at(tomorrow, '07:00:00');
    expect(await scheduler().runOnce()).toBe(1);
    expect(await drain(mailWorker(mt))).toBe(2);
    expect(mt.smtp.received.map((mail) => mail.subject)).toEqual([
      'CarDealer: your alerts of the day: 1 new car',
      'CarDealer: your alerts of the day: 1 new car',
    ]);
    expect(mt.smtp.received[0]!.text).toContain('> First day\n');
    expect(mt.smtp.received[1]!.text).toContain('> Second day\n');
    expect(mt.smtp.received[1]!.text).not.toContain('First day');
  });

  it('leaves out a person whose digest is off, alerts older than two days, and what is gone', async () => {
    const dave = await person('digest-dave');
    const erin = await person('digest-erin');
    await db().execute(
      sql`insert into alert_settings (user_id, digest) values (${dave._id}, false)`,
    );
    await dailyMatch(dave);
    const old = await dailyMatch(erin, 'Too old', new Date(clock.getTime() - 49 * 3600_000));
    expect(await scheduler().runOnce()).toBe(0);
    // The old one is never mailed; Dave's waits while his digest is off.
    const mails = (
      (await db().execute(sql`
        select user_id, mail from notifications where user_id in (${dave._id}, ${erin._id})`)) as unknown as {
        rows: { user_id: string; mail: string }[];
      }
    ).rows;
    expect(mails).toEqual(
      expect.arrayContaining([
        { user_id: dave._id, mail: 'digest' },
        { user_id: erin._id, mail: 'none' },
      ]),
    );
    expect(old.search.id).toBeTruthy();
    // Turned on again: the next run carries Dave's.
    await db().execute(sql`update alert_settings set digest = true where user_id = ${dave._id}`);
    expect(await scheduler().runOnce()).toBe(1);

    // Enqueued, then its search is deleted before it is sent: no mail.
    const frank = await person('digest-frank');
    const gone = await dailyMatch(frank);
    clock = at(nextDay(today), '07:00:00');
    expect(await scheduler().runOnce()).toBe(1);
    await db().execute(sql`delete from saved_searches where id = ${gone.search.id}`);
    // And one whose digest is turned off after it was enqueued: no mail either.
    await db().execute(sql`update alert_settings set digest = false where user_id = ${dave._id}`);
    expect(await drain(mailWorker(mt))).toBe(0);
    expect(mt.smtp.received).toEqual([]);
  });

  it('enqueues each digest once when replicas run at once', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((i) => person(`digest-many-${i}`)));
    for (const user of people) await dailyMatch(user);
    // On PostgreSQL, two more replicas with database handles of their own.
    const others = process.env.DATABASE_URL ? [await ownHandle(), await ownHandle()] : [];
    const replicas = [scheduler(), scheduler(), ...others.map((other) => scheduler(other.db))];
    const counts = await Promise.all(replicas.map((replica) => replica.runOnce()));
    await Promise.all(others.map((other) => other.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(
      (await alertOutbox(db())).filter((row) => row.kind === 'digest' && !row.sent_at),
    ).toHaveLength(4);
    expect(await drain(mailWorker(mt))).toBe(4);
    expect(new Set(mt.smtp.received.map((mail) => mail.to))).toEqual(
      new Set(people.map((user) => user.email)),
    );
  });

  it('rolls a run killed mid-way back: the alerts wait for the next run', async () => {
    const gina = await person('digest-gina');
    await dailyMatch(gina);
    // The run's transaction dies before it commits (a process killed, a connection lost).
    const dying = Object.create(db()) as Db;
    dying.transaction = ((work: Parameters<Db['transaction']>[0]) =>
      db().transaction(async (tx) => {
        await work(tx);
        throw new Error('killed');
      })) as Db['transaction'];
    await expect(scheduler(dying).runOnce()).rejects.toThrow('killed');
    expect(await alertOutbox(db())).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: 'digest', sent_at: null })]),
    );
    const [settings] = (
      (await db().execute(
        sql`select digest_day from alert_settings where user_id = ${gina._id}`,
      )) as unknown as { rows: { digest_day: string | null }[] }
    ).rows;
    expect(settings?.digest_day ?? null).toBeNull();
    expect(await scheduler().runOnce()).toBe(1);
  });

  it('sends a digest again with the same Message-ID when the worker dies after sending it', async () => {
    const hank = await person('digest-hank');
    await dailyMatch(hank);
    expect(await scheduler().runOnce()).toBe(1);
    const doomed = mailWorker(mt, {
      leaseSeconds: 600,
      afterSend: () => {
        throw new Error('killed');
      },
    });
    await expect(doomed.runOnce()).rejects.toThrow('killed');
    await db().execute(sql`update outbox set next_attempt_at = now() where kind = 'digest'`);
    expect(await drain(mailWorker(mt))).toBe(1);
    const id = `<outbox-digest-${today}-${hank._id}@cardealer.local>`;
    expect(mt.smtp.received.map((mail) => mail.messageId)).toEqual([id, id]);
  });

  it('starts, runs at once and each minute, and stops', async () => {
    const ivy = await person('digest-ivy');
    await dailyMatch(ivy);
    const timer = new DigestScheduler(db(), { hour: HOUR, now: () => clock, pollMs: 50 });
    timer.start();
    await timer.stop();
    expect(
      (await alertOutbox(db())).filter((row) => row.kind === 'digest' && !row.sent_at),
    ).toHaveLength(1);
  });
});
