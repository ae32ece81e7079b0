import { expect, test } from '@playwright/test';
import { carPicture, demo, signIn } from './support';

test.describe('the photos of a car on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger drags a photo by its grip to the front: it becomes the cover', async ({
    page,
  }) => {
    await signIn(page, demo.seller);
    // A phone's screen (signed in on a wide one, where the top bar shows Log out).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboad/add-products');
    await page.getByLabel('Product photo').setInputFiles(
      await Promise.all(
        [0, 1, 2].map(async (i) => ({
          name: `touch-${i + 1}.png`,
          mimeType: 'image/png',
          buffer: await carPicture(640, i + 1),
        })),
      ),
    );
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(photos).toHaveCount(3);
    await expect(photos.nth(0)).toHaveAccessibleName('photo 1 (cover): touch-1.png');

    // A real touch, through Chromium's input pipeline: down on photo 2's grip, along to photo 1,
    // lifted there.
    const grip = photos.nth(1).locator('[data-grip]');
    await photos.nth(0).scrollIntoViewIfNeeded();
    const from = (await grip.boundingBox())!;
    const to = (await photos.nth(0).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 3 };
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: at(start.x, start.y),
    });
    for (let step = 1; step <= 5; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(
          start.x + ((end.x - start.x) * step) / 5,
          start.y + ((end.y - start.y) * step) / 5,
        ),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect(photos.nth(0)).toHaveAccessibleName('photo 1 (cover): touch-2.png');
    await expect(photos.nth(1)).toHaveAccessibleName('photo 2: touch-1.png');
    await expect(photos.nth(2)).toHaveAccessibleName('photo 3: touch-3.png');
    await page.screenshot({ path: test.info().outputPath('photo-list-phone.png'), fullPage: true });
  });
});
