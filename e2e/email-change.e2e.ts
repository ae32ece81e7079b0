import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { mailedLink, mailsTo } from './mails';
import { register, signIn, uniqueEmail } from './support';

/**
 * Changing one's e-mail from end to end with the mail sink: a buyer asks for a new address in
 * Account settings, the old address gets a notice with an undo link, the new one a link that
 * makes the change; opened, the account signs in with the new address and is the same account.
 * The link then says it was used. Every new page passes axe.
 */
test('a buyer changes their e-mail from the mailed link and signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const before = uniqueEmail('moving-before');
  const after = uniqueEmail('moving-after');
  await register(page, { name: 'Moving Buyer', email: before, role: 'Buyer' });

  await page.goto('/dashboad/account');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section.getByText(`Your e-mail is ${before}.`)).toBeVisible();
  await section.getByLabel('New e-mail').fill(after);
  await section.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(section.getByText(`We sent a link to ${after}`)).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'Account settings, e-mail change asked');

  // The old address is told, with a link that would undo it.
  await mailsTo(page, before, (mails) =>
    mails.some((mail) => mail.text.includes('/undo-email-change?code=')),
  );

  const link = await mailedLink(page, after, '/confirm-email-change');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail' }),
  ).toBeVisible();
  await expect(page.getByText(`Your e-mail is now ${after}`)).toBeVisible();
  await expectAccessible(page, 'the confirm-email-change page');

  await signIn(page, after);
  await page.goto('/dashboad/account');
  await expect(
    page.getByRole('region', { name: 'E-mail address' }).getByText(`Your e-mail is ${after}.`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Name')).toHaveValue(
    'Moving Buyer',
  );

  await page.goto(link);
  await expect(
    page.getByText('This link has expired or was already used: ask for a new one'),
  ).toBeVisible();
  await page.goto('/undo-email-change?code=altered');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Undo the change of e-mail' }),
  ).toBeVisible();
  await expect(
    page.getByText('This link has expired or was already used: ask for a new one'),
  ).toBeVisible();
  await expectAccessible(page, 'the undo-email-change page');
});
