import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmEmailFromMail, mailedLink } from './mails';
import { register, signIn, signOut, uniqueEmail } from './support';

/**
 * An account's way back in, and its confirmed e-mail, from end to end with the mail sink (a real
 * SMTP server, e2e/mail-sink.ts): a seller forgets the password, opens the link from the mail,
 * sets a new one and signs in with it; the same link then says it was used. A new buyer sees the
 * dashboard's 'Confirm your e-mail' banner until the link registration mailed is opened. Every
 * new page passes axe.
 */
test('a forgotten password is set again from the mailed link, once', async ({ page }) => {
  test.setTimeout(90_000);
  const seller = { name: 'Forgetful Seller', email: uniqueEmail('forgetful') };
  await register(page, { ...seller, role: 'Seller' });
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expectAccessible(page, 'the forgot-password page');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    page.getByText('If an account exists for that e-mail, we sent a link to reset the password'),
  ).toBeVisible();
  await expectAccessible(page, 'the forgot-password page, sent');

  const link = await mailedLink(page, seller.email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expectAccessible(page, 'the reset-password page');
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-42');
  await page.getByLabel('New password again').fill('fresh-pass-42');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(page.getByText('Your password is changed:')).toBeVisible();
  await expectAccessible(page, 'the reset-password page, done');
  await page.getByRole('link', { name: 'sign in' }).click();
  await signIn(page, seller.email, 'fresh-pass-42');
  await signOut(page);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-7');
  await page.getByLabel('New password again').fill('another-pass-7');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await expect(
    page.getByText('This link has expired or was already used: ask for a new one'),
  ).toBeVisible();
});

test('a new account confirms its e-mail from the mail, and the banner goes', async ({ page }) => {
  test.setTimeout(90_000);
  const buyer = { name: 'Confirming Buyer', email: uniqueEmail('confirming') };
  await register(page, { ...buyer, role: 'Buyer' });
  await page.goto('/dashboad/saved');
  await expect(page.getByText('Confirm your e-mail —')).toBeVisible();
  await expect(page.getByText('Confirm your e-mail to get these by e-mail')).toBeVisible();

  await confirmEmailFromMail(page, buyer.email);
  await expectAccessible(page, 'the verify-email page');
  await page.getByRole('link', { name: 'Open your dashboard' }).click();
  await page.goto('/dashboad/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved cars' })).toBeVisible();
  await expect(page.getByText('Confirm your e-mail —')).toHaveCount(0);
  await expect(page.getByText('Confirm your e-mail to get these by e-mail')).toHaveCount(0);
});
