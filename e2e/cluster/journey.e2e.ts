import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { CLUSTER_DATA_DIR } from '../cluster.config';
import { demo, pngImage, register, signIn, uniqueEmail } from '../support';
import {
  killPrimaryNode,
  readRoster,
  restartClusterNode,
  waitForNewPrimary,
  waitForSyncStandby,
  waitForWrites,
  whoIsPrimary,
} from '../../scripts/lib/patroni-control';

interface RunningReplica {
  name: string;
  port: number;
  pid: number;
}

const replicas = (): RunningReplica[] =>
  JSON.parse(readFileSync(join(CLUSTER_DATA_DIR, 'replicas.json'), 'utf8')) as RunningReplica[];

/** The cluster's streaming standbys (start-cluster writes them with STANDBYS). */
const standbys = (): RunningReplica[] =>
  JSON.parse(readFileSync(join(CLUSTER_DATA_DIR, 'standbys.json'), 'utf8')) as RunningReplica[];

/** How many times the standby has read the cars table (its statistics, sent within seconds). */
async function standbyScansOfCars(port: number): Promise<number> {
  const client = new Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/cardealer`,
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::int as n
        from pg_stat_user_tables where relname = 'products'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Every answer of 500 or more any page received (a 503 'busy' excepted), by its URL. */
const serverErrors: string[] = [];

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  context.on('response', (response) => {
    if (response.status() >= 500 && response.status() !== 503) {
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return context.newPage();
}

/**
 * `text` shows on `page` without a reload: heard live. After a failover each replica's LISTEN
 * connection opens again on the new primary (1-10 s), and what its streams missed meanwhile is
 * read back from the notifications table, so a message sent in the gap comes too.
 */
async function expectLive(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The replicas that answer through the load balancer, by their X-Replica header. */
async function answering(page: Page, tries = 12): Promise<Set<string>> {
  const names = new Set<string>();
  for (let i = 0; i < tries; i += 1) {
    const response = await page.request.get('/api/health');
    expect(response.status()).toBe(200);
    names.add(response.headers()['x-replica'] ?? '?');
  }
  return names;
}

/** An image shows when the browser could fetch and decode it. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('a whole deal on three replicas in round robin reading a standby, the standby, a replica and the primary killed halfway', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await newPage(browser);
  expect(await answering(seller)).toEqual(new Set(['replica-1', 'replica-2', 'replica-3']));

  // A new seller registers with a photo and posts a car with a photo: each request may land on
  // another replica, and each replica keeps its own data folder.
  const sellerName = `Cleo Cluster ${Date.now().toString(36)}`;
  const sellerEmail = uniqueEmail('cluster-seller');
  await register(seller, { name: sellerName, email: sellerEmail, role: 'Seller' });
  const carName = `BMW X${Date.now().toString(36).slice(-4)}`;
  await seller.goto('/dashboad/add-products');
  await seller.getByLabel('Product name').fill(carName);
  await seller.getByRole('combobox', { name: 'Category' }).click();
  await seller.getByRole('option', { name: 'BMW', exact: true }).click();
  await seller.getByLabel('Original price').fill('61000');
  await seller.getByLabel('Selling price').fill('48000');
  await seller.getByRole('combobox', { name: 'Condition' }).click();
  await seller.getByRole('option', { name: 'Good', exact: true }).click();
  await seller.getByLabel('Year of used').fill('2');
  await seller.getByLabel('Model', { exact: true }).fill('3 Series');
  await seller.getByLabel('Model year').fill('2022');
  await seller.getByLabel('Mileage (miles)').fill('21000');
  await seller.getByLabel('Location').fill('Austin, TX');
  await seller
    .getByLabel('Product photo')
    .setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: pngImage(64, 40) });
  await seller.getByLabel('Description').fill('One owner, full service history.');
  await seller.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(seller.getByText('Product added succesfull')).toBeVisible();
  // The photo is served whichever replica the browser asks (three times: three replicas).
  const row = seller.getByRole('row').filter({ hasText: carName });
  await expect(row).toBeVisible();
  const photo = await row.getByRole('img').first().getAttribute('src');
  expect(photo).toMatch(/^\/image-host\/i\//);
  for (let i = 0; i < 3; i += 1) {
    const response = await seller.request.get(photo!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
  }

  // A shopper finds the car in the search at once: the replicas read the catalogue from the
  // streaming standby (DATABASE_READ_URL), which the car's write waited for.
  const [standby] = standbys();
  expect(standby).toBeDefined();
  const scansBefore = await standbyScansOfCars(standby!.port);
  const shopper = await newPage(browser);
  const searchPage = `/cars?q=${encodeURIComponent(carName)}`;
  await shopper.goto(searchPage);
  await expect(shopper.getByRole('article', { name: carName })).toBeVisible();
  await expect
    .poll(() => standbyScansOfCars(standby!.port), { timeout: 20_000 })
    .toBeGreaterThan(scansBefore);

  // The standby dies (SIGKILL): the searches are answered as before, from the primary.
  process.kill(standby!.pid, 'SIGKILL');
  await shopper.goto(`${searchPage}&sort=price_asc`);
  await expect(shopper.getByRole('article', { name: carName })).toBeVisible();
  for (let limit = 10; limit < 13; limit += 1) {
    // A new query each time (no answer cached), one per replica in round robin.
    const response = await shopper.request.get(
      `/api/products?q=${encodeURIComponent(carName)}&limit=${limit}`,
    );
    expect(response.status()).toBe(200);
    expect((await response.json()) as { carName: string }[]).toEqual(
      expect.arrayContaining([expect.objectContaining({ carName })]),
    );
  }

  const stream = seller.waitForResponse((response) => response.url().includes('/api/events'));
  await seller.goto('/dashboad/bookings');
  await expect(seller.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  const streamedBy = (await stream).headers()['x-replica'];

  // The replica holding the seller's live stream dies (SIGKILL: no goodbye) between two steps.
  // HAProxy takes it out; the stream reconnects to another replica.
  const victim = replicas().find((replica) => replica.name === streamedBy)!;
  expect(victim).toBeDefined();
  process.kill(victim.pid, 'SIGKILL');

  // The buyer books from the category page: the car is there at once, with its photo.
  const buyer = await newPage(browser);
  await signIn(buyer, demo.buyer);
  await buyer.goto('/category-products/BMW');
  const card = buyer.getByRole('article', { name: carName });
  await expect(card).toBeVisible();
  await expectLoaded(card.getByRole('img', { name: carName }).first());
  await card.getByRole('button', { name: `Buy now: ${carName}` }).click();
  const dialog = buyer.getByRole('dialog', { name: `Book ${carName}` });
  await dialog.getByLabel('Phone number').fill('+1 555-0100');
  await dialog.getByLabel('Meet location').fill('Main street parking');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(buyer.getByText('Order successful')).toBeVisible();

  // The seller's page hears of it live, accepts, and both talk.
  const booking = seller.locator('.MuiCard-root').filter({ hasText: carName });
  await expect(booking).toBeVisible({ timeout: 20_000 });
  await booking.getByRole('button', { name: /^Accept:/ }).click();
  await expect(seller.getByText('Booking accepted')).toBeVisible();
  await booking.getByRole('link', { name: /^Open the booking/ }).click();
  await expect(seller.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  const orderPath = new URL(seller.url()).pathname;
  await buyer.goto(orderPath);
  await expect(buyer.getByText('Accepted', { exact: true }).first()).toBeVisible();
  await buyer.getByLabel('Write a message').fill('Still available on Saturday?');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(seller.getByText('Still available on Saturday?')).toBeVisible();
  await seller.getByLabel('Write a message').fill('Yes, see you at ten');
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyer.getByText('Yes, see you at ten')).toBeVisible();

  // The primary's node dies in the middle of the deal (its Patroni and its postmaster): the
  // synchronous standby is promoted within 30 s, and HAProxy sends the replicas' new connections
  // to it; no replica restarts.
  const { nodes, primaryPort } = readRoster(CLUSTER_DATA_DIR);
  await waitForSyncStandby(nodes);
  const killedAt = Date.now();
  const oldPrimary = await killPrimaryNode(nodes);
  const newPrimary = await waitForNewPrimary(nodes, oldPrimary, 30_000);
  expect(newPrimary).not.toBe(oldPrimary);
  expect(Date.now() - killedAt).toBeLessThan(30_000);
  // The next write waits until HAProxy reaches the new primary (a second at most): a write
  // before it would be refused (503 'busy'), and retried by the web app.
  await waitForWrites(primaryPort);
  await expect
    .poll(async () => (await buyer.request.get('/api/health/ready')).status(), { timeout: 15_000 })
    .toBe(200);

  // The deal goes on: a message each way, each written to the new primary and heard live on
  // the other side.
  await buyer.getByLabel('Write a message').fill('Bringing the cash');
  await buyer.getByRole('button', { name: 'Send', exact: true }).click();
  await expectLive(seller, 'Bringing the cash');
  await seller.getByLabel('Write a message').fill('Papers are ready');
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expectLive(buyer, 'Papers are ready');

  // The admin verifies the seller; the buyer's category page shows the tick at once.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin);
  await admin.goto('/dashboad/all-sellers');
  await expect(admin.getByRole('heading', { name: 'All Sellers' })).toBeVisible();
  const search = admin.getByRole('main').getByRole('searchbox');
  if (!(await search.isVisible())) await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('main').getByRole('searchbox').fill(sellerEmail);
  // The server's search has answered (the grid holds that seller alone): a click before it may
  // land on a row the answer then replaces.
  await expect(admin.getByText('1–1 of 1')).toBeVisible();
  const sellerRow = admin.getByRole('row', { name: new RegExp(sellerName) });
  await sellerRow.getByRole('button', { name: `Make seller verify: ${sellerName}` }).click();
  await expect(admin.getByText('User verified success full')).toBeVisible();
  await buyer.goto('/category-products/BMW');
  await expect(
    buyer.getByRole('article', { name: carName }).getByRole('img', { name: 'Verified seller' }),
  ).toBeVisible();

  // The dead replica is out of the rotation; every write the users saw acknowledged is there.
  const alive = await answering(admin);
  expect(alive.has(victim.name)).toBe(false);
  expect(alive.size).toBe(2);
  // The deal ends: the seller marks the car sold.
  await seller.getByRole('button', { name: /^Mark as sold:/ }).click();
  await expect(seller.getByText('Marked as sold')).toBeVisible();

  // The old primary's node, started again, follows the new primary (rewound if it must be).
  await restartClusterNode(CLUSTER_DATA_DIR, oldPrimary);
  expect(await whoIsPrimary(nodes)).toBe(newPrimary);
  await buyer.goto(orderPath);
  // Every message and every state of the deal is there, once.
  for (const message of [
    'Still available on Saturday?',
    'Yes, see you at ten',
    'Bringing the cash',
    'Papers are ready',
  ]) {
    await expect(buyer.getByText(message, { exact: true })).toHaveCount(1);
  }
  const timeline = buyer.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Requested');
  await expect(timeline.nth(1)).toContainText('Accepted');
  await expect(timeline.nth(2)).toContainText('Sold');
  // No page was answered a server error, the failover's included.
  expect(serverErrors).toEqual([]);
});
