import axe from 'axe-core';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { savedSearch } from '../../test/alert-mail-fixture';
import { MATCH_ON_DEMAND } from '../../test/alert-fixture';
import { unsubscribeTokens } from './unsubscribe-token';

/** axe-core's WCAG 2.x A and AA rules on a page's HTML (colour contrast needs a browser). */
async function axeViolations(html: string): Promise<string[]> {
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  dom.window.eval(axe.source);
  const run = (dom.window as unknown as { axe: typeof axe }).axe;
  const results = await run.run(dom.window.document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  dom.window.close();
  return results.violations.map((v) => `${v.id}: ${v.help}`);
}

describe(`the unsubscribe page (${databaseKind})`, () => {
  let ctx: TestContext;
  let alice: TestUser;
  beforeAll(async () => {
    // The alerts are written by the tests; the matcher runs only when asked.
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    alice = await registerUser(ctx.app, 'Buyer', 'page-alice');
  });
  afterAll(() => ctx.close());

  const notifyOf = async (id: string) =>
    (
      (await ctx.database.db.execute(
        sql`select notify from saved_searches where id = ${id}`,
      )) as unknown as { rows: { notify: string }[] }
    ).rows[0]?.notify;

  it('asks first (a GET stops nothing), then stops it with its button, without signing in', async () => {
    const search = await savedSearch(ctx, alice, 'BMW <b>cheap</b> & "fast"');
    const token = (await unsubscribeTokens(ctx.database.db)).sign({
      kind: 'search',
      searchId: search.id,
    });
    const before = await tableHashes(ctx.database.db);
    const asked = await ctx.app.inject({
      url: `/unsubscribe?token=${token}`,
      headers: { accept: 'text/html' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(asked.headers['referrer-policy']).toBe('no-referrer');
    // The app's policy: no script at all is needed; the form posts to this origin.
    expect(asked.headers['content-security-policy']).toContain("form-action 'self'");
    expect(asked.headers['content-security-policy']).toContain("script-src 'self'");
    expect(asked.body).not.toContain('<script');
    expect(asked.body).toContain('<html lang="en">');
    expect(asked.body).toContain('<title>Unsubscribe · CarDealer</title>');
    // The user's words are escaped, never markup.
    expect(asked.body).toContain(
      '<h1>Stop e-mails for &quot;BMW &lt;b&gt;cheap&lt;/b&gt; &amp; &quot;fast&quot;&quot;?</h1>',
    );
    expect(asked.body).toContain(`<form method="post" action="/unsubscribe?token=${token}">`);
    expect(asked.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(await axeViolations(asked.body)).toEqual([]);
    // HEAD too: a scanner's prefetch changes nothing.
    await ctx.app.inject({ method: 'HEAD', url: `/unsubscribe?token=${token}` });
    expect(await tableHashes(ctx.database.db)).toEqual(before);
    expect(await notifyOf(search.id)).toBe('instant');

    // The button: the form as a browser posts it.
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      '<h1>You will no longer get e-mails for &quot;BMW &lt;b&gt;cheap&lt;/b&gt; &amp; &quot;fast&quot;&quot;</h1>',
    );
    expect(done.body).toContain('<a href="/">Back to CarDealer</a>');
    expect(done.body).not.toContain('<form');
    expect(await axeViolations(done.body)).toEqual([]);
    expect(await notifyOf(search.id)).toBe('never');
  });

  it('says so when there is nothing to stop, and when the link is not valid (400)', async () => {
    const search = await savedSearch(ctx, alice, 'Soon deleted');
    const token = (await unsubscribeTokens(ctx.database.db)).sign({
      kind: 'search',
      searchId: search.id,
    });
    await ctx.database.db.execute(sql`delete from saved_searches where id = ${search.id}`);
    const gone = await ctx.app.inject({ url: `/unsubscribe?token=${token}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.body).toContain(
      '<h1>There is nothing to stop: this saved search has been deleted</h1>',
    );
    expect(gone.body).not.toContain('<form');
    expect(await axeViolations(gone.body)).toEqual([]);

    const bad = await ctx.app.inject({ url: `/unsubscribe?token=${token.slice(1)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<h1>This unsubscribe link is not valid</h1>');
    expect(await axeViolations(bad.body)).toEqual([]);
  });
});
