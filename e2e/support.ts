import { expect, type Browser, type Page, type Route } from '@playwright/test';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The demo accounts the e2e server seeds (demo mode). */
export const demo = {
  admin: 'admin@cardealer.dev',
  seller: 'seller@cardealer.dev',
  buyer: 'buyer@cardealer.dev',
  verifiedSeller: 'northside@cardealer.dev',
  password: 'cardealer123',
} as const;

let counter = 0;
/** An email no other test uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A small valid PNG (solid colour), made here so tests need no fixture files. */
export function pngImage(
  width = 8,
  height = 8,
  rgb: [number, number, number] = [255, 106, 19],
): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A demo car picture (public/images/cars/car-NN.svg) as a PNG this many pixels wide. */
export function carPicture(width: number, car = 1): Promise<Buffer> {
  const svg = join(
    __dirname,
    '..',
    'public',
    'images',
    'cars',
    `car-${String(car).padStart(2, '0')}.svg`,
  );
  return sharp(svg, { density: 300 })
    .resize({ width })
    .flatten({ background: '#e8edf3' })
    .png()
    .toBuffer();
}

/** Fills in the login page and presses Login (what follows is the caller's to check). */
export async function submitLogin(
  page: Page,
  email: string,
  password: string = demo.password,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the login page and waits for the signed-in navigation bar. */
export async function signIn(
  page: Page,
  email: string,
  password: string = demo.password,
): Promise<void> {
  await submitLogin(page, email, password);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** A new page in a browser context of its own (another person, signed in apart). */
export async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * A slow network for what the page sends: every request but a GET (the sign-in service's and
 * the API's writes) waits until the answer's `release` is called, so a test sees what the page
 * shows while it waits, for as long as it takes to see it and no longer. Every request after
 * the release goes at once.
 */
export async function holdWrites(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    if (route.request().method() !== 'GET') await released;
    await route.fallback();
  };
  await page.route('**/*', hold);
  return release;
}

/** Errors the page logs or throws, collected from now on (a test expects none). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Follows the main navigation's Blogs link and waits for the Blogs page. */
export async function openBlogs(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
}

/** Registers a new account through the register page (with a photo) and waits for the toast. */
export async function register(
  page: Page,
  account: { name: string; email: string; role: 'Seller' | 'Buyer'; password?: string },
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page
    .getByLabel('Photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage() });
  await page.getByLabel('Role').selectOption(account.role);
  await page.getByLabel('Password').fill(account.password ?? demo.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Register successfull')).toBeVisible();
}

/** Logs out through the navigation bar. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

/** The access token of the page's session (it arrives a request after the sign-in shows). */
export async function accessToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
  return (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
}

/**
 * A new car of the signed-in seller (a BMW for $48,000 in Austin, TX unless `resalePrice` and
 * `location` say otherwise; at `zip` when given), posted through the API with the page's own
 * token, and advertised unless `advertise` is false.
 */
export async function postCar(
  page: Page,
  carName: string,
  {
    resalePrice = '48000',
    advertise = true,
    location = 'Austin, TX',
    zip,
  }: { resalePrice?: string; advertise?: boolean; location?: string; zip?: string } = {},
): Promise<string> {
  const token = await accessToken(page);
  const response = await page.request.post('/api/category', {
    headers: { authorization: `bearer ${token}` },
    data: {
      carName,
      carPhoto: '/images/cars/car-03.svg',
      categoryName: 'BMW',
      condition: 'Good',
      originalPrice: '61000',
      resalePrice,
      productLocation: location,
      ...(zip ? { zip } : {}),
      userYears: '2',
      postTime: '11/20/2026, 10:00:00 AM',
      productDescription: 'One owner.',
      sellerName: 'Sam Seller',
      sellerPhoto: '/images/avatar.svg',
      email: demo.seller,
      advertisement: 'false',
      isVerify: 'false',
    },
  });
  expect(response.status()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  if (!advertise) return insertedId;
  const advertised = await page.request.put(`/api/seller-products/${insertedId}`, {
    headers: { authorization: `bearer ${token}` },
  });
  expect(advertised.status()).toBe(200);
  return insertedId;
}

/** Books `carName` from the BMW page through the booking form. */
export async function book(page: Page, carName: string) {
  await page.goto('/category-products/BMW');
  await page.getByRole('button', { name: `Buy now: ${carName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${carName}` });
  await dialog.getByLabel('Phone number').fill('+1 555-0100');
  await dialog.getByLabel('Meet location').fill('Main street parking');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Order successful')).toBeVisible();
}
