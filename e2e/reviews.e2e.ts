import { expect, test } from '@playwright/test';
import { book, demo, newPage, postCar, register, signIn, uniqueEmail } from './support';

test('a buyer completes a deal, reviews the seller; the review shows on the seller page and the car; the seller replies', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const carName = `BMW R${Date.now().toString(36).slice(-5)}`;
  const seller = await newPage(browser);
  await signIn(seller, demo.seller);
  const carId = await postCar(seller, carName);
  const buyer = await newPage(browser);
  await register(buyer, { name: 'Rita Reviewer', email: uniqueEmail('reviewer'), role: 'Buyer' });
  await book(buyer, carName);

  // The seller accepts and marks it sold from the booking's page.
  await seller.goto('/dashboad/bookings');
  const card = seller.locator('.MuiCard-root').filter({ hasText: carName });
  await card.getByRole('link', { name: /^Open the booking/ }).click();
  await expect(seller).toHaveURL(/\/dashboad\/orders\/[A-Za-z0-9_-]+$/);
  const orderPath = new URL(seller.url()).pathname;
  await seller.getByRole('button', { name: `Accept: ${carName}, Rita Reviewer` }).click();
  await expect(seller.getByText('Booking accepted')).toBeVisible();
  await seller.getByRole('button', { name: `Mark as sold: ${carName}, Rita Reviewer` }).click();
  await expect(seller.getByText('Marked as sold')).toBeVisible();

  // The buyer is invited on the booking's page, and reviews.
  await buyer.goto(orderPath);
  const invite = buyer.getByRole('form', { name: 'How was buying from Sam Seller?' });
  await expect(invite).toBeVisible();
  await invite.getByRole('button', { name: 'Post review' }).click();
  await expect(invite.getByText('Choose 1 to 5 stars')).toBeVisible();
  // A person clicks the fourth star (the radio inside it is visually hidden).
  await invite.locator('label', { hasText: '4 Stars' }).click();
  await expect(invite.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  const text = 'Friendly seller, the car was exactly as described.';
  await invite.getByLabel('Your review').fill(text);
  await invite.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(buyer.getByText(text)).toBeVisible();
  await expect(invite).toHaveCount(0);

  // The car's page shows the seller's rating, and its seller link opens the seller page.
  await buyer.goto(`/cars/${carId}`);
  const sellerCard = buyer.getByRole('region', { name: 'Seller' });
  await expect(sellerCard.getByText(/^\d\.\d ★ \(\d+ reviews?\)$/)).toBeVisible();
  await sellerCard.getByRole('link').first().click();
  await expect(buyer).toHaveURL(/\/sellers\/[A-Za-z0-9_-]+$/);
  const sellerUrl = new URL(buyer.url()).pathname;
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(buyer.getByText(/^\d\.\d ★ \(\d+ reviews?\)$/)).toBeVisible();
  const review = buyer.getByRole('article', { name: 'Review by Rita Reviewer' });
  await expect(review.getByText(text)).toBeVisible();
  await expect(review.getByText(new RegExp(`bought ${carName}`))).toBeVisible();
  // Sold: not among the cars for sale.
  await expect(buyer.getByRole('heading', { name: 'Cars for sale', exact: false })).toBeVisible();
  await expect(buyer.getByRole('link', { name: carName })).toHaveCount(0);

  // The seller sees the review on the booking and replies once.
  await seller.goto(orderPath);
  await expect(seller.getByRole('heading', { name: "The buyer's review" })).toBeVisible();
  await seller.getByLabel('Your reply').fill('Thank you Rita, enjoy the drive!');
  await seller.getByRole('button', { name: 'Post reply' }).click();
  await expect(seller.getByText('Reply from Sam Seller')).toBeVisible();
  await expect(seller.getByLabel('Your reply')).toHaveCount(0);

  await buyer.goto(sellerUrl);
  await expect(
    buyer
      .getByRole('article', { name: 'Review by Rita Reviewer' })
      .getByText('Thank you Rita, enjoy the drive!'),
  ).toBeVisible();

  // 'Report' on the seller page: the buyer reports the seller once; a second time is refused.
  const reportSeller = async () => {
    await buyer.getByRole('button', { name: 'Report this seller' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Report this seller' });
    await dialog.getByRole('radio', { name: 'Wrong information' }).check();
    await dialog.getByLabel('Details (optional)').fill('The mileage on the car was wrong.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    return dialog;
  };
  const first = await reportSeller();
  await expect(first.getByText('Thanks, a moderator will look at it')).toBeVisible();
  await first.getByRole('button', { name: 'Close' }).click();
  await buyer.reload();
  const second = await reportSeller();
  await expect(second.getByText('You already reported this')).toBeVisible();
});
