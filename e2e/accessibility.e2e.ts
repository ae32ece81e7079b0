import { expect, test } from '@playwright/test';
import { expectAccessible, settled, walk } from './axe';
import { accessToken, book, demo, postCar, signIn, uniqueEmail } from './support';

/**
 * Every route, as each role that sees it, checked with axe-core (WCAG 2.2 AA): a page that brings
 * a violation fails here. One test per role; the car and its booking are made first, by the demo
 * seller and the demo buyer, so the car's page and the booking's page have something to show.
 */
const car = {
  name: `Accessible ${Date.now().toString(36).slice(-5)}`,
  id: '',
  orderId: '',
  /** The seller's page, and a sold booking whose page invites the buyer to review. */
  sellerId: '',
  soldOrderId: '',
};

test.beforeAll(async ({ browser }) => {
  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, demo.seller);
  car.id = await postCar(seller, car.name);
  // Everything older read: the booking below is the seller's one unread notification.
  const read = await seller.request.post('/api/notifications/read', {
    headers: { authorization: `bearer ${await accessToken(seller)}` },
    data: {},
  });
  expect(read.status()).toBe(200);
  const sellerToken = await accessToken(seller);
  const shown = await seller.request.get(`/api/products/${car.id}`);
  car.sellerId = ((await shown.json()) as { sellerId: string }).sellerId;
  const soldCar = await postCar(seller, `Sold ${car.name}`, { advertise: false });
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, demo.buyer);
  await book(buyer, car.name);
  const orders = await buyer.request.get(`/api/orders?email=${encodeURIComponent(demo.buyer)}`, {
    headers: { authorization: `bearer ${await accessToken(buyer)}` },
  });
  const mine = (await orders.json()) as { _id: string; productName: string }[];
  car.orderId = mine.find((order) => order.productName === car.name)?._id ?? '';
  expect(car.orderId).not.toBe('');
  const booked = await buyer.request.post('/api/orders', {
    headers: { authorization: `bearer ${await accessToken(buyer)}` },
    data: { buyerName: 'Bea Buyer', phone: '5550100', meetLocation: 'Main St', productID: soldCar },
  });
  car.soldOrderId = ((await booked.json()) as { insertedId: string }).insertedId;
  for (const status of ['accepted', 'sold']) {
    const moved = await seller.request.patch(`/api/orders/${car.soldOrderId}`, {
      headers: { authorization: `bearer ${sellerToken}` },
      data: { status },
    });
    expect(moved.status()).toBe(200);
  }
  // Its booking's notification read: the other booking stays the seller's one unread.
  const bell = await seller.request.get('/api/notifications', {
    headers: { authorization: `bearer ${sellerToken}` },
  });
  const ids = ((await bell.json()) as { items: { _id: string; orderId: string | null }[] }).items
    .filter((item) => item.orderId === car.soldOrderId)
    .map((item) => item._id);
  await seller.request.post('/api/notifications/read', {
    headers: { authorization: `bearer ${sellerToken}` },
    data: { ids },
  });
  await seller.context().close();
  // A saved search, so the buyer's Saved searches page has one to show (409: kept from before).
  const saved = await buyer.request.post('/api/saved-searches', {
    headers: { authorization: `bearer ${await accessToken(buyer)}` },
    data: { query: 'category=BMW&maxPrice=60000' },
  });
  expect([201, 409]).toContain(saved.status());
  // The car saved, so the buyer's Saved cars page shows its alerts switch.
  const heart = await buyer.request.put(`/api/saved-cars/${car.id}`, {
    headers: { authorization: `bearer ${await accessToken(buyer)}` },
  });
  expect(heart.status()).toBe(200);
  // The car reported, so the admin's Reports page has a row and the car a file (409: kept).
  const reported = await buyer.request.post('/api/reports', {
    headers: { authorization: `bearer ${await accessToken(buyer)}` },
    data: { targetKind: 'product', targetId: car.id, reason: 'wrong_info', details: 'Axe' },
  });
  expect([201, 409]).toContain(reported.status());
  await buyer.context().close();
});

test('a visitor: every public page', async ({ page }) => {
  test.setTimeout(90_000);
  await walk(page, [
    '/',
    '/home',
    '/blogs',
    '/cars',
    `/cars/${car.id}`,
    // Two of the demo seed's cars side by side (its ids are fixed: server/src/scripts/seed.ts).
    { path: '/compare?ids=demo-car-01,demo-car-05', shows: (on) => on.getByRole('table') },
    {
      path: `/sellers/${car.sellerId}`,
      shows: (on) => on.getByRole('heading', { level: 2, name: /^Reviews/ }),
    },
    '/financing',
    '/login',
    '/register',
    '/no/such/page',
    // 'What's my car worth?', and a place's cars (drawn over the server's list).
    '/value',
    '/cars/in/austin-tx',
  ]);
  // 'Report' signed out: the dialog asks to sign in.
  await page.goto(`/cars/${car.id}`);
  await page.getByRole('button', { name: 'Report this listing' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the report dialog, signed out');
});

test('a buyer: the public pages signed in, the category page and its forms', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demo.buyer);
  await walk(page, ['/', '/cars', `/cars/${car.id}`, '/category-products/BMW']);
  // 'Save this search', open: the name and how to be told.
  await page.goto('/cars?category=BMW');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('radiogroup', { name: 'How to be told' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the save-this-search dialog');
  await page.keyboard.press('Escape');
  // The booking form, open.
  await page.goto('/category-products/BMW');
  await page
    .getByRole('button', { name: /^Buy now: / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the booking form');
  // 'Report', open: the reasons and the details.
  await page.goto(`/cars/${car.id}`);
  await page.getByRole('button', { name: 'Report this listing' }).click();
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the report dialog');
});

test('a buyer: the dashboard, the bookings, the seller reviewed and the saved lists', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, demo.buyer);
  await walk(page, [
    '/dashboad',
    { path: '/dashboad/my-orders', shows: (on) => on.getByRole('table', { name: 'My orders' }) },
    `/dashboad/orders/${car.orderId}`,
    {
      path: `/sellers/${car.sellerId}`,
      shows: (on) => on.getByRole('heading', { level: 2, name: /^Reviews/ }),
    },
    // A sold booking: the invitation to review the seller.
    {
      path: `/dashboad/orders/${car.soldOrderId}`,
      shows: (on) => on.getByRole('form', { name: /^How was buying from / }),
    },
    // With its alert controls: the e-mail setting and each car's switch.
    {
      path: '/dashboad/saved',
      shows: (on) => on.getByRole('switch', { name: `Alerts for ${car.name}` }),
    },
    // With each search's 'How to be told' and the digest switch.
    {
      path: '/dashboad/saved-searches',
      shows: (on) => on.getByRole('listitem', { name: 'BMW · under $60,000' }),
    },
  ]);
});

test('a seller: the dashboard pages, a car to edit, the bookings and a booking through its states', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, demo.seller);
  await walk(page, [
    '/dashboad',
    '/dashboad/add-products',
    '/dashboad/my-products',
    `/dashboad/my-products/${car.id}/edit`,
    '/dashboad/bookings',
    {
      path: `/sellers/${car.sellerId}`,
      shows: (on) => on.getByRole('heading', { level: 2, name: /^Reviews/ }),
    },
    {
      path: '/dashboad/saved',
      shows: (on) => on.getByRole('heading', { level: 1, name: 'Saved cars' }),
    },
    // The stock import, before a file; what the seller's cars earn, with its charts and grid.
    '/dashboad/import',
    { path: '/dashboad/insights', shows: (on) => on.getByRole('grid') },
  ]);

  // The booking's page reads its notification: the bell's count drops to 0. Its badge once kept
  // the old digit, hidden, which contradicted the bell's name (WCAG 2.5.3).
  await page.goto(`/dashboad/orders/${car.orderId}`);
  await expect(
    page.getByRole('button', { name: 'Notifications: 0 unread notifications' }),
  ).toBeVisible();
  await expectAccessible(page, 'the bell after a read', ['label-content-name-mismatch']);
  await walk(page, [`/dashboad/orders/${car.orderId}`]);

  // The booking accepted: its chip, its buttons and a toast.
  await page.getByRole('button', { name: /^Accept:/ }).click();
  await expect(page.getByText('Booking accepted')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mark as sold:/ })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'an accepted booking');
  // Declined: the reason dialog, then a closed conversation.
  await page.getByRole('button', { name: /^Decline:/ }).click();
  await expect(page.getByRole('dialog', { name: 'Decline this booking?' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the decline dialog');
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText('This booking is closed', { exact: false })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'a declined booking');
  // The notifications menu, open.
  await page.getByRole('button', { name: /^Notifications: / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'the notifications menu');
});

test('an admin: the users, the orders and the reports', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demo.admin);
  await walk(page, [
    '/dashboad',
    '/dashboad/all-buyers',
    '/dashboad/all-sellers',
    '/dashboad/all-orders',
    '/dashboad/categories',
    { path: '/dashboad/reports', shows: (on) => on.getByRole('grid', { name: 'Reports' }) },
    {
      path: `/dashboad/reports/product/${car.id}`,
      shows: (on) => on.getByRole('table', { name: 'Reports of it' }),
    },
    {
      path: '/dashboad/saved',
      shows: (on) => on.getByRole('heading', { level: 1, name: 'Saved cars' }),
    },
    // What the whole marketplace's cars earn.
    { path: '/dashboad/insights', shows: (on) => on.getByRole('grid') },
  ]);
});

test('an account whose registration was cut short: the page that finishes it', async ({ page }) => {
  // A sign-in account without its user record, made through the sign-in service alone.
  const email = uniqueEmail('cut-short');
  const created = await page.request.post(
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key',
    { data: { email, password: demo.password, returnSecureToken: true } },
  );
  expect(created.status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Finish your registration' })).toBeVisible();
  await settled(page);
  await expectAccessible(page, '/finish-registration');
});
