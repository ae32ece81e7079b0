import { expect, test, type Browser } from '@playwright/test';
import { book, demo, postCar, register, signIn, uniqueEmail } from './support';

/**
 * Moderation as the people in it see it: a reported listing hidden and restored, and
 * a seller suspended with a booking open.
 */
async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test('a visitor reports a listing; the admin hides it, the seller asks for review, the admin restores it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const carName = `BMW Z${Date.now().toString(36).slice(-4)}`;
  const seller = await newPage(browser);
  await register(seller, { name: 'Rex Reported', email: uniqueEmail('reported'), role: 'Seller' });
  const carId = await postCar(seller, carName);

  // A signed-in visitor reports it from its page.
  const reporter = await newPage(browser);
  await register(reporter, { name: 'Rita Reporter', email: uniqueEmail('rita'), role: 'Buyer' });
  await reporter.goto(`/cars/${carId}`);
  await reporter.getByRole('button', { name: 'Report this listing' }).click();
  const report = reporter.getByRole('dialog', { name: 'Report this listing' });
  await report.getByRole('radio', { name: 'Scam or fraud' }).check();
  await report.getByLabel('Details (optional)').fill('Asked for a deposit by wire first.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Thanks, a moderator will look at it')).toBeVisible();
  await report.getByRole('button', { name: 'Close' }).click();

  // The admin opens Reports, opens the car, and hides it with a reason.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin);
  await admin.getByRole('link', { name: 'Dashboad' }).click();
  await admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await admin.getByRole('grid', { name: 'Reports' }).getByRole('link', { name: carName }).click();
  await expect(admin.getByRole('table', { name: 'Reports of it' })).toContainText(
    'Asked for a deposit by wire first.',
  );
  await admin.getByRole('button', { name: 'Hide listing' }).click();
  const hide = admin.getByRole('dialog', { name: `Hide ${carName}?` });
  await hide.getByRole('textbox', { name: 'Reason' }).fill('The photos are of another car');
  await hide.getByRole('button', { name: 'Hide listing' }).click();
  await expect(admin.getByText('Listing hidden')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Restore listing' })).toBeVisible();

  // Gone from search and its category; its page is removed.
  await reporter.goto(`/cars?q=${encodeURIComponent(carName)}`);
  await expect(reporter.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reporter.getByRole('link', { name: new RegExp(carName) })).toHaveCount(0);
  await reporter.goto('/category-products/BMW');
  await expect(reporter.getByRole('button', { name: /^Buy now: / }).first()).toBeVisible();
  await expect(reporter.getByRole('button', { name: `Buy now: ${carName}` })).toHaveCount(0);
  const removed = await reporter.request.get(`/api/products/${carId}`);
  expect(removed.status()).toBe(410);
  expect(((await removed.json()) as { message: string }).message).toBe('This listing was removed');

  await reporter.goto(`/cars/${carId}`);
  await expect(reporter.getByText('This listing was removed').first()).toBeVisible();

  // The seller sees why in My products and asks for review (editing it first is the listings'
  // own browser journey: this car, posted without its vehicle data, would need them to save).
  await seller.goto('/dashboad/my-products');
  await expect(
    seller.getByText('Hidden by moderation: The photos are of another car').first(),
  ).toBeVisible();
  await seller.getByRole('button', { name: `Ask for review: ${carName}` }).click();
  await expect(seller.getByText('Review asked').first()).toBeVisible();

  // The admin sees the request in the queue and restores the car.
  await admin.getByRole('link', { name: 'All reports' }).click();
  const row = admin.getByRole('row', { name: new RegExp(carName) });
  await expect(row).toContainText('Review asked');
  await row.getByRole('link', { name: carName }).click();
  await admin.getByRole('button', { name: 'Restore listing' }).click();
  const restore = admin.getByRole('dialog', { name: `Restore ${carName}?` });
  await restore.getByRole('textbox', { name: 'Reason' }).fill('The photos are fixed');
  await restore.getByRole('button', { name: 'Restore listing' }).click();
  await expect(admin.getByText('Listing restored')).toBeVisible();
  const history = admin.getByRole('table', { name: 'Moderation history' });
  await expect(history.getByRole('row', { name: /Restored the listing/ })).toContainText(
    'The photos are fixed',
  );
  await expect(history.getByRole('row', { name: /Hid the listing/ })).toContainText(
    'The photos are of another car',
  );

  // Back in search; the reporter's bell says it was decided.
  await reporter.goto(`/cars?q=${encodeURIComponent(carName)}`);
  await expect(reporter.getByRole('link', { name: new RegExp(carName) }).first()).toBeVisible();
  await reporter.getByRole('button', { name: /^Notifications: / }).click();
  await expect(
    reporter.getByRole('menu').getByText(/A moderator acted on the listing you reported/),
  ).toBeVisible();
});

test('the admin suspends a seller with an open booking: the seller cannot sign in, the booking is declined', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const carName = `BMW X${Date.now().toString(36).slice(-4)}`;
  const sellerEmail = uniqueEmail('suspended-seller');
  const seller = await newPage(browser);
  await register(seller, { name: 'Sid Suspended', email: sellerEmail, role: 'Seller' });
  const carId = await postCar(seller, carName);
  const buyer = await newPage(browser);
  await register(buyer, { name: 'Bo Booker', email: uniqueEmail('booker'), role: 'Buyer' });
  await book(buyer, carName);

  // The admin opens the car's file, then its seller's, and suspends the account with a reason.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin);
  await admin.goto(`/dashboad/reports/product/${carId}`);
  // The car's seller (its seller name as posted is the form's, 'Sam Seller').
  await admin.getByRole('region', { name: 'The listing' }).getByRole('link').first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Sid Suspended' })).toBeVisible();
  await admin.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspend Sid Suspended?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Selling cars that do not exist');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText('Account suspended')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Unsuspend' })).toBeVisible();
  const history = admin.getByRole('table', { name: 'Moderation history' });
  await expect(history.getByRole('row', { name: /Suspended the account/ })).toContainText(
    'Selling cars that do not exist',
  );

  // The seller cannot sign in again.
  const again = await newPage(browser);
  await again.goto('/login');
  await again.getByLabel('Email').fill(sellerEmail);
  await again.getByLabel('Password').fill(demo.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(again.getByText('Account suspended').first()).toBeVisible();
  await expect(again.getByRole('button', { name: 'Log out' })).toHaveCount(0);

  // The buyer's booking is declined, and says why.
  await buyer.goto('/dashboad/my-orders');
  const row = buyer.getByRole('row', { name: new RegExp(carName) });
  await expect(row.getByText('Declined')).toBeVisible();
  await expect(row.getByText('Seller suspended')).toBeVisible();
  // The car is out of search.
  await buyer.goto(`/cars?q=${encodeURIComponent(carName)}`);
  await expect(buyer.getByRole('link', { name: new RegExp(carName) })).toHaveCount(0);
});
