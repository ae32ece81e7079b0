import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { confirmEmailFromMail, mailsTo } from './mails';
import type { SunkMail } from './mail-sink';
import { demo, postCar, register, signIn, uniqueEmail } from './support';

/**
 * Alerts from end to end: a new buyer saves a car and a search ('At once') in
 * the browser; the demo seller, in another browser, posts a car the search matches and lowers the
 * saved car's price; the buyer's bell shows both live, the saved pages say so, and the mail sink
 * (a real SMTP server, e2e/mail-sink.ts) has the match mail and the price-drop mail with their
 * links and List-Unsubscribe header. Each mail's unsubscribe link, opened signed out, asks
 * (a page that passes axe) and, once its button is pressed, stops it: the search shows 'Never',
 * the saved car 'Alerts off'. A price band of its own keeps other tests' cars out of the search.
 */
const run = Date.now().toString(36).slice(-5);
const saved = { name: `BMW Alert saved ${run}`, id: '' };
const matching = { name: `BMW Alert match ${run}`, id: '' };
const SEARCH = '/cars?category=BMW&minPrice=41200&maxPrice=41300';
const SEARCH_NAME = 'BMW · $41,200–$41,300';

/** The 'Unsubscribe: <link>' line of a mail's text. */
const unsubscribeLink = (mail: SunkMail) => /^Unsubscribe: (\S+)$/m.exec(mail.text)?.[1] ?? '';

test('a buyer hears of a new match and a price drop: bell, saved pages and e-mail; unsubscribing works signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, demo.seller);
  saved.id = await postCar(seller, saved.name, { resalePrice: '45000', advertise: false });

  // A new buyer saves the car from its page, and the search 'At once'.
  const buyer = { name: `Alert Buyer ${run}`, email: uniqueEmail('alert-buyer') };
  await register(page, { ...buyer, role: 'Buyer' });
  // Alerts are mailed to a confirmed address: the buyer opens the link registration mailed.
  await confirmEmailFromMail(page, buyer.email);
  await page.goto(`/cars/${saved.id}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await page.goto(SEARCH);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(SEARCH_NAME);
  await dialog
    .getByRole('radiogroup', { name: 'How to be told' })
    .getByRole('radio', { name: 'At once' })
    .check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Search saved: find it in Saved searches')).toBeVisible();
  await page.goto('/dashboad/saved');
  await expect(
    page.getByRole('button', { name: 'Notifications: 0 unread notifications' }),
  ).toBeVisible();

  // The seller posts a car the search matches, and lowers the saved car's price by $2,000.
  matching.id = await postCar(seller, matching.name, { resalePrice: '41250', advertise: false });
  await seller.goto(`/dashboad/my-products/${saved.id}/edit`);
  await seller.getByLabel('Selling price').fill('43000');
  // A car posted through the API has no vehicle data, which the form asks for.
  await seller.getByLabel('Model', { exact: true }).fill('3 Series');
  await seller.getByLabel('Model year').fill('2021');
  await seller.getByLabel('Mileage (miles)').fill('24000');
  await seller.getByRole('button', { name: 'Save changes' }).click();
  await expect(seller.getByText('Your changes are saved')).toBeVisible();
  await seller.context().close();

  // The buyer's bell says both, live (the page was not reloaded), each leading to its car.
  const bell = page.getByRole('button', { name: 'Notifications: 2 unread notifications' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  // The saved cars page, open all along, shows the lower price.
  const savedEntry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Remove ${saved.name}` }) });
  await expect(savedEntry).toContainText('$2,000 less since you saved it');
  await bell.click();
  const menu = page.getByRole('menu');
  await expect(
    menu.getByRole('menuitem', { name: new RegExp(`New match.*${matching.name}`) }),
  ).toHaveAttribute('href', `/cars/${matching.id}`);
  await expect(
    menu.getByRole('menuitem', { name: new RegExp(`${saved.name}.*cheaper`) }),
  ).toHaveAttribute('href', `/cars/${saved.id}`);
  await page.keyboard.press('Escape');
  await page.goto('/dashboad/saved-searches');
  const search = page.getByRole('listitem', { name: SEARCH_NAME });
  await expect(search.getByText('1 new')).toBeVisible();

  // The mails: one for the match, one for the price drop, each with its car's link and a
  // one-click unsubscribe.
  const mails = await mailsTo(page, buyer.email, (all) => all.length >= 2);
  const matchMail = mails.find((mail) => mail.text.includes(`/cars/${matching.id}`));
  const dropMail = mails.find((mail) => mail.text.includes(`/cars/${saved.id}`));
  expect(matchMail?.subject).toBe(`CarDealer: 1 new car for "${SEARCH_NAME}"`);
  expect(matchMail?.text).toContain(matching.name);
  expect(dropMail?.subject).toBe(`CarDealer: ${saved.name} is $2,000 cheaper`);
  for (const mail of [matchMail!, dropMail!]) {
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http[^>]+\/unsubscribe\?token=[^>]+>/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeLink(mail)).toMatch(/\/unsubscribe\?token=/);
  }

  // Each mail's unsubscribe link, opened signed out (as a mail program would, on this server):
  // the page asks, and its button stops that mail.
  const unsubscribe = async (mail: SunkMail, stopped: string) => {
    const link = new URL(unsubscribeLink(mail));
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link.pathname + link.search);
    const button = visitor.getByRole('button', { name: 'Unsubscribe', exact: true });
    await expect(button).toBeVisible();
    await expectAccessible(visitor, 'the unsubscribe page');
    await button.click();
    await expect(visitor.getByText(stopped)).toBeVisible();
    await expectAccessible(visitor, 'the unsubscribe page, done');
    await visitor.context().close();
  };
  await unsubscribe(matchMail!, `You will no longer get e-mails for "${SEARCH_NAME}"`);
  await page.reload();
  await expect(
    search
      .getByRole('radiogroup', { name: 'How to be told' })
      .getByRole('radio', { name: 'Never' }),
  ).toBeChecked();
  await unsubscribe(dropMail!, `You will no longer get e-mails about "${saved.name}"`);
  await page.goto('/dashboad/saved');
  await expect(savedEntry.getByText('Alerts off')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Alerts for ${saved.name}` })).not.toBeChecked();
});
