import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './axe';
import { accessToken, demo, postCar, signIn, signOut } from './support';

test.describe('insights', () => {
  test("a visitor opens a car's page, and its seller sees the view in Insights", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const carName = `BMW Viewed ${Date.now().toString(36)}`;
    await signIn(page, demo.seller);
    const carId = await postCar(page, carName, { advertise: false });
    await signOut(page);

    // A visitor, signed out, in a browser of their own, opens the car's page (the server's page).
    const visitor = await browser.newPage();
    await visitor.goto(`/cars/${carId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: carName })).toBeVisible();
    // Opening it again the same day is the same visitor: still one view.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: carName })).toBeVisible();
    await visitor.close();

    await signIn(page, demo.seller);
    // Views are written within a second of the visit.
    const token = await accessToken(page);
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/insights?days=30', {
            headers: { authorization: `bearer ${token}` },
          });
          const body = (await response.json()) as { cars: { _id: string; views: number }[] };
          return body.cars.find((car) => car._id === carId)?.views;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.goto('/dashboad');
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await expect(page).toHaveURL(/\/dashboad\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: carName });
    await expect(row.getByRole('gridcell').nth(1)).toHaveText('1', { timeout: 20_000 });
    await expect(page.getByText(/Views per day\./)).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'the insights page');

    // The CSV comes as a file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^insights-.+\.csv$/);
  });
});
