import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseKind, postProduct, registerUser, type TestUser } from '../../test/helper';
import {
  alertOutbox,
  changePrice,
  confirmEmails,
  insertAlert,
  saveCar,
  savedSearch,
} from '../../test/alert-mail-fixture';
import { MATCH_ON_DEMAND, saveSearch } from '../../test/alert-fixture';
import {
  clearOutbox,
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type MailTest,
} from '../../test/mail-fixture';
import { folderTransport, type MailWorkerOptions } from '../platform/mail/mail-worker';
import { MailWorker } from '../marketplace-mail';
import { unsubscribeTokens } from './unsubscribe-token';

const ORIGIN = 'http://cars.example';

describe(`alert e-mails (${databaseKind})`, () => {
  let mt: MailTest;
  let alice: TestUser;
  let bob: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    // The alerts are written by the tests; the matcher runs only when asked.
    mt = await openMailTest(MATCH_ON_DEMAND);
    [alice, bob, seller] = await Promise.all([
      registerUser(mt.ctx.app, 'Buyer', 'alert-alice'),
      registerUser(mt.ctx.app, 'Buyer', 'alert-bob'),
      registerUser(mt.ctx.app, 'Seller', 'alert-seller'),
    ]);
    await confirmEmails(mt.ctx, alice, bob, seller);
  });
  afterAll(() => closeMailTest(mt));
  beforeEach(async () => {
    mt.smtp.received.length = 0;
    mt.smtp.raw.length = 0;
    await clearOutbox(mt.ctx);
  });

  const db = () => mt.ctx.database.db;
  const worker = (options: Partial<MailWorkerOptions> = {}) => mailWorker(mt, options);
  const car = (carName: string, resalePrice = 35000) =>
    postProduct(mt.ctx.app, seller, { carName, resalePrice: String(resalePrice) });
  const header = (index: number, name: string) =>
    mt.smtp.raw[index]!.headers.find((line) =>
      line.toLowerCase().startsWith(`${name.toLowerCase()}:`),
    )
      // Unfolded (RFC 5322): a folded field's line break goes, its white space stays.
      ?.replace(/\r\n(?=[ \t])/g, '');

  it("mails a saved search's new matches at once, folded, with links and RFC 8058 headers", async () => {
    const search = await savedSearch(mt.ctx, alice, 'BMW · under $60,000');
    const first = await car('2019 BMW 330i', 35000);
    const second = await car('2020 BMW X3', 41000);
    // The matcher writes both in one go: one mail waits, and the second folds into it.
    const ids = [
      await insertAlert(db(), {
        kind: 'match',
        user: alice,
        productId: first,
        searchId: search.id,
        mail: 'now',
      }),
      await insertAlert(db(), {
        kind: 'match',
        user: alice,
        productId: second,
        searchId: search.id,
        mail: 'now',
      }),
    ];
    const rows = await alertOutbox(db());
    expect(rows.filter((row) => !row.sent_at)).toEqual([
      expect.objectContaining({ id: ids[0], kind: 'alert', ref: search.id, message_ids: ids }),
    ]);

    expect(await drain(worker())).toBe(1);
    const [mail] = mt.smtp.received;
    const token = (await unsubscribeTokens(db())).sign({ kind: 'search', searchId: search.id });
    expect(mail).toEqual({
      to: alice.email,
      subject: 'CarDealer: 2 new cars for "BMW · under $60,000"',
      messageId: `<outbox-${ids[0]}@cardealer.local>`,
      text: [
        '2 new cars for your saved search:',
        '> BMW · under $60,000',
        '',
        'Car:',
        '> 2019 BMW 330i',
        'Price: $35,000',
        `Open the car: ${ORIGIN}/cars/${first}`,
        '',
        'Car:',
        '> 2020 BMW X3',
        'Price: $41,000',
        `Open the car: ${ORIGIN}/cars/${second}`,
        '',
        `See the search: ${ORIGIN}/cars?${search.query}`,
        `Your saved searches: ${ORIGIN}/dashboad/saved-searches`,
        '',
        'To get no more e-mails for this search:',
        `Unsubscribe: ${ORIGIN}/unsubscribe?token=${token}`,
        '',
        '--',
        'Lines starting with ">" are quoted from CarDealer users; everything else is from CarDealer.',
        '',
      ].join('\n'),
    });
    expect(header(0, 'List-Unsubscribe')).toBe(
      `List-Unsubscribe: <${ORIGIN}/api/unsubscribe?token=${token}>`,
    );
    expect(header(0, 'List-Unsubscribe-Post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    // The header's one-click address works as it stands.
    const url = /<([^>]+)>/.exec(header(0, 'List-Unsubscribe')!)![1]!.replace(ORIGIN, '');
    const click = await mt.ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.json()).toMatchObject({ target: 'search', found: true });
  });

  it("mails a saved car's lower price and its sale, naming the car in the subject", async () => {
    const tesla = await car('2019 Tesla Model 3', 35000);
    await saveCar(mt.ctx, bob, tesla);
    const priceRowId = await changePrice(db(), tesla, 33000);
    await insertAlert(db(), {
      kind: 'price_drop',
      user: bob,
      productId: tesla,
      priceRowId,
      mail: 'now',
    });
    expect(await drain(worker())).toBe(1);
    const token = (await unsubscribeTokens(db())).sign({
      kind: 'car',
      userId: bob._id,
      productId: tesla,
    });
    expect(mt.smtp.received[0]).toMatchObject({
      to: bob.email,
      subject: 'CarDealer: 2019 Tesla Model 3 is $2,000 cheaper',
      text: expect.stringContaining(
        [
          'A car you saved is cheaper.',
          '',
          'Car:',
          '> 2019 Tesla Model 3',
          'Now $33,000: $2,000 less.',
          `Open the car: ${ORIGIN}/cars/${tesla}`,
          `Your saved cars: ${ORIGIN}/dashboad/saved`,
          '',
          'To get no more e-mails about this car:',
          `Unsubscribe: ${ORIGIN}/unsubscribe?token=${token}`,
        ].join('\n'),
      ),
    });
    expect(header(0, 'List-Unsubscribe')).toBe(
      `List-Unsubscribe: <${ORIGIN}/api/unsubscribe?token=${token}>`,
    );

    // Sold, ten minutes later (the window is over).
    await db().execute(
      sql`update outbox set next_attempt_at = now() where kind = 'alert' and sent_at is null`,
    );
    await db().execute(sql`update products set sold_at = now() where id = ${tesla}`);
    await insertAlert(db(), { kind: 'saved_sold', user: bob, productId: tesla, mail: 'now' });
    expect(await drain(worker())).toBe(1);
    expect(mt.smtp.received[1]).toMatchObject({
      subject: 'CarDealer: 2019 Tesla Model 3, which you saved, has been sold',
      text: expect.stringContaining(
        'A car you saved has been sold.\n\nCar:\n> 2019 Tesla Model 3\nSold.\n',
      ),
    });
  });

  it('sends at most one mail per target and account in 10 minutes: later alerts wait and fold', async () => {
    const search = await savedSearch(mt.ctx, alice, 'Spaced');
    const other = await savedSearch(mt.ctx, alice, 'Another target');
    const bobs = await savedSearch(mt.ctx, bob, 'Spaced');
    const cars = await Promise.all([car('Spaced one'), car('Spaced two'), car('Spaced three')]);
    const match = (user: TestUser, searchId: string, productId: string) =>
      insertAlert(db(), { kind: 'match', user, productId, searchId, mail: 'now' });
    await match(alice, search.id, cars[0]);
    expect(await drain(worker())).toBe(1);

    // Within the window: the next two wait for its end, in one row.
    await match(alice, search.id, cars[1]);
    await match(alice, search.id, cars[2]);
    // Other targets, and other accounts, are not held up.
    await match(alice, other.id, cars[1]);
    await match(bob, bobs.id, cars[1]);
    expect(await drain(worker())).toBe(2);
    expect(mt.smtp.received.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
      [
        `${alice.email} CarDealer: 1 new car for "Spaced"`,
        `${alice.email} CarDealer: 1 new car for "Another target"`,
        `${bob.email} CarDealer: 1 new car for "Spaced"`,
      ].sort(),
    );
    const waiting = (await alertOutbox(db())).filter(
      (row) => !row.sent_at && row.ref === search.id,
    );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.message_ids).toHaveLength(2);
    expect(waiting[0]!.due_in).toBeGreaterThan(590);
    expect(waiting[0]!.due_in).toBeLessThanOrEqual(600);

    // The window ends: one mail with both.
    await db().execute(sql`update outbox set next_attempt_at = now() where id = ${waiting[0]!.id}`);
    expect(await drain(worker())).toBe(1);
    expect(mt.smtp.received[3]).toMatchObject({
      to: alice.email,
      subject: 'CarDealer: 2 new cars for "Spaced"',
    });
    // A window that passes with nothing in it makes no mail.
    await db().execute(
      sql`update outbox set next_attempt_at = now() where kind = 'alert' and sent_at is null`,
    );
    expect(await drain(worker())).toBe(0);
    expect(
      (await alertOutbox(db())).filter((row) => !row.sent_at && row.message_ids.length),
    ).toEqual([]);
  });

  it('sends nothing when its alerts are gone or no longer wanted', async () => {
    const deleted = await savedSearch(mt.ctx, alice, 'Deleted before the mail');
    const stopped = await savedSearch(mt.ctx, alice, 'Set to Never before the mail');
    const gone = await car('Deleted car');
    const kept = await car('Kept car');
    await insertAlert(db(), {
      kind: 'match',
      user: alice,
      productId: kept,
      searchId: deleted.id,
      mail: 'now',
    });
    await insertAlert(db(), {
      kind: 'match',
      user: alice,
      productId: kept,
      searchId: stopped.id,
      mail: 'now',
    });
    await saveCar(mt.ctx, bob, kept);
    await saveCar(mt.ctx, bob, gone);
    const row = await changePrice(db(), kept, 30000);
    await insertAlert(db(), {
      kind: 'price_drop',
      user: bob,
      productId: kept,
      priceRowId: row,
      mail: 'now',
    });
    await insertAlert(db(), { kind: 'saved_sold', user: bob, productId: gone, mail: 'now' });
    // 'digest' and 'none' wait for the digest or are never mailed: no mail now.
    await insertAlert(db(), { kind: 'saved_sold', user: alice, productId: kept, mail: 'digest' });

    await db().execute(sql`delete from saved_searches where id = ${deleted.id}`);
    await db().execute(sql`update saved_searches set notify = 'never' where id = ${stopped.id}`);
    await db().execute(
      sql`update saved_cars set alerts = false where user_id = ${bob._id} and product_id = ${kept}`,
    );
    await db().execute(sql`delete from products where id = ${gone}`);

    expect(await drain(worker())).toBe(0);
    expect(mt.smtp.received).toEqual([]);
    expect((await alertOutbox(db())).filter((r) => !r.sent_at && r.message_ids.length)).toEqual([]);
  });

  it("quotes what users wrote: a name cannot pass for the platform's words or links", async () => {
    const search = await savedSearch(mt.ctx, alice, 'Cheap\nOpen the car: http://evil.example');
    // Written before the API refused line breaks in names.
    const sneaky = await car('Nice car');
    await db().execute(
      sql`update products set car_name = ${'Nice car\r\nUnsubscribe: http://evil.example'} where id = ${sneaky}`,
    );
    await insertAlert(db(), {
      kind: 'match',
      user: alice,
      productId: sneaky,
      searchId: search.id,
      mail: 'now',
    });
    expect(await drain(worker())).toBe(1);
    const [mail] = mt.smtp.received;
    expect(mail!.subject).toBe(
      'CarDealer: 1 new car for "Cheap Open the car: http://evil.example"',
    );
    const lines = mail!.text.split('\n');
    expect(lines).toContain('> Cheap Open the car: http://evil.example');
    expect(lines).toContain('> Nice car Unsubscribe: http://evil.example');
    expect(lines.filter((line) => line.includes('evil.example') && !line.startsWith('> '))).toEqual(
      [],
    );
  });

  it('sends an alert mail again with the same Message-ID when the worker dies after sending it', async () => {
    const search = await savedSearch(mt.ctx, bob, 'Repeat');
    const id = await insertAlert(db(), {
      kind: 'match',
      user: bob,
      productId: await car('Repeat car'),
      searchId: search.id,
      mail: 'now',
    });
    const doomed = worker({
      leaseSeconds: 600,
      afterSend: () => {
        throw new Error('killed');
      },
    });
    await expect(doomed.runOnce()).rejects.toThrow('killed');
    await db().execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);
    expect(await drain(worker())).toBe(1);
    expect(mt.smtp.received.map((mail) => mail.messageId)).toEqual([
      `<outbox-${id}@cardealer.local>`,
      `<outbox-${id}@cardealer.local>`,
    ]);
    expect(mt.smtp.received[1]!.text).toBe(mt.smtp.received[0]!.text);
  });

  it('writes the unsubscribe headers into the .eml files of demo mode too', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-alert-mail-'));
    try {
      const search = await savedSearch(mt.ctx, bob, 'In a file');
      const id = await insertAlert(db(), {
        kind: 'match',
        user: bob,
        productId: await car('File car'),
        searchId: search.id,
        mail: 'now',
      });
      const files = new MailWorker(db(), folderTransport(folder), {
        from: 'CarDealer <a@b.c>',
        origin: ORIGIN,
      });
      expect(await files.runOnce()).toEqual({ sent: 1, failed: 0 });
      const eml = readFileSync(join(folder, `${id}.eml`), 'utf8').replace(/\r\n(?=[ \t])/g, '');
      const token = (await unsubscribeTokens(db())).sign({ kind: 'search', searchId: search.id });
      const head = eml.slice(0, eml.indexOf('\r\n\r\n')).split('\r\n');
      expect(head).toEqual(
        expect.arrayContaining([
          `List-Unsubscribe: <${ORIGIN}/api/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        ]),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("mails what the matcher writes: a new car for an 'At once' search", async () => {
    const id = await saveSearch(mt.ctx.app, bob, 'category=Tesla&maxPrice=60000', 'Teslas');
    const patch = await mt.ctx.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${id}`,
      headers: bob.auth,
      payload: { notify: 'instant' },
    });
    expect(patch.statusCode).toBe(200);
    const tesla = await car('Matched Tesla', 50000);
    await mt.ctx.app.alertMatching.run();
    expect(await drain(worker())).toBe(1);
    expect(mt.smtp.received[0]).toMatchObject({
      to: bob.email,
      subject: 'CarDealer: 1 new car for "Teslas"',
      text: expect.stringContaining(
        `> Matched Tesla\nPrice: $50,000\nOpen the car: ${ORIGIN}/cars/${tesla}\n`,
      ),
    });
  });
});
