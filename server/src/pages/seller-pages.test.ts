/**
 * A seller's page in the HTML: the shell with the seller filled in (title,
 * description, canonical, JSON-LD `AutoDealer` for a seller with a dealer profile or `Person`, with
 * `aggregateRating`; the verified tick apart from either), escaped, and the not-found page for no
 * such seller.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../platform/paths';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerAs,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../test/helper';

const ORIGIN = 'https://cars.example.com';

describe(`seller pages in the HTML (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-seller-pages-'));
    const template = readFileSync(join(repoRoot, 'public', 'index.html'), 'utf8');
    writeFileSync(join(webRoot, 'index.html'), template);
    writeFileSync(join(webRoot, 'shell.html'), template);
    writeFileSync(join(webRoot, '404.html'), 'prerendered not found');
    writeFileSync(
      join(webRoot, 'pages.json'),
      JSON.stringify({ pages: {}, appRoutes: [], shell: 'shell.html', notFound: '404.html' }),
    );
    ctx = await buildTestApp({ webRoot, publicOrigin: ORIGIN });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const jsonLd = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<
      string,
      unknown
    >;

  it('fills in a new seller as a Person, escaped, without a rating', async () => {
    const seller = await registerAs(
      ctx.app,
      uniqueEmail('html-seller'),
      'Seller',
      'Sam <b>"Cars"</b>',
    );
    await postProduct(ctx.app, seller);
    const response = await page(`/sellers/${seller._id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      '<title>Sam &lt;b&gt;&quot;Cars&quot;&lt;/b&gt; – seller on CarDealer</title>',
    );
    expect(html).not.toContain('<b>"Cars"</b>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/sellers/${seller._id}" />`);
    expect(html).toMatch(
      /<meta name="description" content="[^"]*New seller, 1 car for sale, 0 sold\./,
    );
    const ld = jsonLd(html);
    expect(ld).toMatchObject({ '@type': 'Person', name: 'Sam <b>"Cars"</b>' });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('fills in a verified seller with reviews, without a dealer profile, as a Person', async () => {
    const [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'html-dealer'),
      registerUser(ctx.app, 'Buyer', 'html-buyer'),
    ]);
    await ctx.database.db.execute(
      sql`update users set user_verify = 'true' where id = ${seller._id}`,
    );
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    for (const status of ['accepted', 'sold']) {
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}`,
        headers: seller.auth,
        payload: { status },
      });
    }
    const reviewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/review`,
      headers: buyer.auth,
      payload: { rating: 4, text: 'Good seller, fair deal.' },
    });
    expect(reviewed.statusCode).toBe(201);
    const html = (await page(`/sellers/${seller._id}`)).body;
    expect(jsonLd(html)).toMatchObject({
      '@type': 'Person',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    });
    expect(html).toContain('4.0 ★ (1 review)');
    expect(html).toMatch(/<meta name="description" content="[^"]*, verified seller on CarDealer/);
    expect(html).toContain('<p>Private seller</p>');
  });

  it('fills in a seller with a dealer profile as an AutoDealer, verified or not', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'html-autodealer');
    await postProduct(ctx.app, seller);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/dealer',
      headers: seller.auth,
      payload: {
        name: 'Hill & Sons <Autos>',
        address: '200 Congress Ave',
        zip: '78701',
        phone: '(512) 555-0177',
        hours: 'Mo-Fr 09:00-18:00, Sa 10:00-14:00',
        website: 'https://hill.example.com/',
      },
    });
    expect(profile.statusCode).toBe(200);
    const html = (await page(`/sellers/${seller._id}`)).body;
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      '@id': `${ORIGIN}/sellers/${seller._id}`,
      name: 'Hill & Sons <Autos>',
      url: 'https://hill.example.com/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '200 Congress Ave',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
      telephone: '(512) 555-0177',
      openingHours: ['Mo-Fr 09:00-18:00', 'Sa 10:00-14:00'],
      image: `${ORIGIN}/images/avatar.svg`,
    });
    expect(html).toContain('<p>Dealer: Hill &amp; Sons &lt;Autos&gt;</p>');
    expect(html).toContain('<p>200 Congress Ave, Austin, TX 78701</p>');
    expect(html).toMatch(/<meta name="description" content="[^"]*, dealer in Austin, TX on/);
    expect(html).not.toContain('verified seller');
  });

  it('answers the not-found page for no such seller, a buyer, or a forged id', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'html-not-seller');
    for (const url of ['/sellers/no-such-seller', `/sellers/${buyer._id}`, '/sellers/bad%20id!']) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('prerendered not found');
    }
  });
});
