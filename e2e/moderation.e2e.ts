import { expect, test, type Browser } from '@playwright/test';
import { book, demo, postCar, register, signIn, uniqueEmail } from './support';

/**
 * Moderation (issue 26) as the people in it see it: a reported listing hidden and restored, and
 * a seller suspended with a booking open.
 */
async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

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
