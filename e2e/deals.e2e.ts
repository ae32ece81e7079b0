import { expect, test } from '@playwright/test';
import {
  accessToken,
  book,
  demo,
  newPage,
  postCar,
  register,
  signIn,
  uniqueEmail,
} from './support';

test('a deal, live: book, accept, talk both ways, mark sold; the other buyer is declined', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const carName = `BMW M${Date.now().toString(36).slice(-4)}`;
  const seller = await newPage(browser);
  await signIn(seller, demo.seller);
  const carId = await postCar(seller, carName);
  await seller.goto('/dashboad/bookings');
  await expect(seller.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  // The seller's unread count as the API gives it, once the bell shows it too (the bell shows
  // before its count has loaded: read then, it could miss what earlier tests left unread).
  const bell = seller.getByRole('button', { name: /^Notifications: / });
  const notifications = await seller.request.get('/api/notifications', {
    headers: { authorization: `bearer ${await accessToken(seller)}` },
  });
  const unreadBefore = ((await notifications.json()) as { unread: number }).unread;
  await expect(bell).toHaveAccessibleName(
    `Notifications: ${unreadBefore} unread notification${unreadBefore === 1 ? '' : 's'}`,
  );

  // A second buyer books first; the demo buyer then books the same car.
  const other = await newPage(browser);
  await register(other, { name: 'Olga Other', email: uniqueEmail('other-buyer'), role: 'Buyer' });
  await book(other, carName);
  const buyer = await newPage(browser);
  await signIn(buyer, demo.buyer);
  await book(buyer, carName);

  // The seller's page updates without a reload: the bell and the booking list.
  await expect(bell).toHaveAccessibleName(
    `Notifications: ${unreadBefore + 2} unread notifications`,
  );
  const card = seller.locator('.MuiCard-root').filter({ hasText: 'Olga Other' });
  await expect(card).toBeVisible();
  const mine = seller
    .locator('.MuiCard-root')
    .filter({ hasText: demo.buyer })
    .filter({ hasText: carName });
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: /^Accept:/ }).click();
  await expect(seller.getByText('Booking accepted')).toBeVisible();
  await card.getByRole('button', { name: /^Accept:/ }).click();
  await expect(seller.getByText('Booking accepted').first()).toBeVisible();

  // Both open the booking's page and talk; each message appears on the other side live.
  await mine.getByRole('link', { name: /^Open the booking/ }).click();
  await expect(seller.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  const orderUrl = seller.url();
  await buyer.goto(new URL(orderUrl).pathname);
  await expect(buyer.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await buyer.getByLabel('Write a message').fill('Is it still available?');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(seller.getByText('Is it still available?')).toBeVisible({ timeout: 2000 });
  await seller.getByLabel('Write a message').fill('<b>Yes</b>, come on Saturday');
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyer.getByText('<b>Yes</b>, come on Saturday')).toBeVisible({ timeout: 2000 });

  // Sold: gone from the category page and the advertisements; the other buyer is declined.
  await seller.getByRole('button', { name: /^Mark as sold:/ }).click();
  await expect(seller.getByText('Marked as sold')).toBeVisible();
  await buyer.goto('/category-products/BMW');
  await expect(buyer.getByRole('heading', { level: 1, name: 'CARLIST' })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: carName })).toHaveCount(0);
  await buyer.goto('/');
  await expect(buyer.getByRole('region', { name: 'Advertised cars' })).toBeVisible();
  await expect(buyer.getByText(carName)).toHaveCount(0);
  await other.goto('/dashboad/my-orders');
  const row = other.getByRole('row').filter({ hasText: carName });
  await expect(row.getByText('Declined')).toBeVisible();
  await expect(row.getByText('Sold to another buyer')).toBeVisible();
  expect(carId).not.toBe('');
});
