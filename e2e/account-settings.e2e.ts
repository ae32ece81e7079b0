import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { pngImage, postCar, register, uniqueEmail } from './support';

/**
 * Account settings: a new seller opens them from the side menu, changes name and photo and sees
 * the new name on their car's page, then sets a ZIP code and finds /cars opening near it.
 */
test("a seller renames themself, sees it on their car's page, and searches near their ZIP", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('settings-seller');
  await register(page, { name: 'Sam Before', email, role: 'Seller' });
  const carName = `Settings car ${Date.now().toString(36).slice(-5)}`;
  const carId = await postCar(page, carName, { advertise: false });

  await page.goto('/dashboad');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .first()
    .getByRole('link', { name: 'Account settings' })
    .click();
  await expect(page).toHaveURL(/\/dashboad\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await expect(profile.getByLabel('Name')).toHaveValue('Sam Before');
  await settled(page);
  await expectAccessible(page, 'Account settings');

  await profile.getByLabel('Name').fill('Sam After');
  await profile.getByLabel('Photo').setInputFiles({
    name: 'new.png',
    mimeType: 'image/png',
    buffer: pngImage(16, 16, [20, 90, 200]),
  });
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();

  await page.goto(`/cars/${carId}`);
  await expect(page.getByRole('heading', { name: carName })).toBeVisible();
  await expect(page.getByText('Sam After').first()).toBeVisible();
  await expect(page.getByText('Sam Before')).toHaveCount(0);

  await page.goto('/dashboad/account');
  const contact = page.getByRole('region', { name: 'Contact' });
  await contact.getByLabel('ZIP code').fill('78701');
  await expect(contact.getByText('78701 — Austin, TX')).toBeVisible();
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.getByText('Your contact details are saved')).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'Account settings with a ZIP code');

  await page.goto('/cars');
  await expect(page).toHaveURL(/[?&]zip=78701/);
  await expect(page.getByRole('textbox', { name: 'Near (ZIP code)' })).toHaveValue('78701');
  await expect(page.getByText('Near Austin, TX')).toBeVisible();
});
