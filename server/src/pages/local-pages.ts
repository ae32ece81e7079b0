/**
 * A local page (`/cars/in/{place}`, `/cars/in/{place}/{make}`) as the server answers it, like a
 * seller's page: the app shell with the cars for sale nearest the place's centre filled in: its
 * title ('Used cars for sale in Austin, TX'), description, canonical address, Open Graph tags, a
 * schema.org `ItemList` of the cars as JSON-LD, and a plain list inside `<div id="root">`.
 */
import { escapeHtml } from '../platform/http/html';
import { carPageUrl, formatPrice, scriptSafeJson, SERVER_PREVIEW_ATTRIBUTE } from './car-pages';
import { fillShell } from './fill-shell';
import { LOCAL_RADIUS_MILES, type LocalCar } from './local-cars';
import { FONT_STACK } from '../../../api/shared/fonts';

export interface LocalPage {
  /** The place's slug ('austin-tx') and name ('Austin, TX'). */
  slug: string;
  place: string;
  /** The make as stored ('Tesla'), or null for every make. */
  make: string | null;
  cars: LocalCar[];
}

/** The canonical address of a local page. */
export function localPageUrl(slug: string, make: string | null, origin: string): string {
  const makePart = make === null ? '' : `/${encodeURIComponent(make.toLowerCase())}`;
  return `${origin}/cars/in/${encodeURIComponent(slug)}${makePart}`;
}

export const localPageTitle = (page: Pick<LocalPage, 'place' | 'make'>) =>
  `Used ${page.make === null ? '' : `${page.make} `}cars for sale in ${page.place}`;

/** The schema.org list of the page's cars (JSON-LD), nearest first. */
export function localJsonLd(page: LocalPage, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: localPageTitle(page),
    url: localPageUrl(page.slug, page.make, origin),
    numberOfItems: page.cars.length,
    itemListElement: page.cars.map((car, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: carPageUrl(car._id, origin),
      name: car.carName,
    })),
  };
}

const carItem = (car: LocalCar) =>
  `<li><a href="/cars/${encodeURIComponent(car._id)}">${escapeHtml(car.carName)}</a> · ` +
  `${escapeHtml(formatPrice(car.resalePrice))} · ${escapeHtml(car.place ?? car.productLocation)}` +
  ` · ${car.distanceMiles} mi away</li>`;

/**
 * The server's block drawn as the app draws the page (src/features/localCars/LocalCarsPage.tsx:
 * the theme's font, the same width, padding and heading), so that the app's heading, painted over
 * it once the scripts have run, is no larger than the one painted at the first byte: the largest
 * paint stays the server's.
 */
const PREVIEW_STYLE =
  '<style>' +
  `body{margin:0;font-family:${FONT_STACK};line-height:1.5}` +
  `[${SERVER_PREVIEW_ATTRIBUTE}=local]{display:block;max-width:1152px;margin:0 auto;` +
  'padding:32px 16px 48px;box-sizing:border-box}' +
  `[${SERVER_PREVIEW_ATTRIBUTE}=local] h1{margin:0 0 8px;font-size:2rem;line-height:1.25}` +
  `[${SERVER_PREVIEW_ATTRIBUTE}=local] ol{padding-left:24px;line-height:1.9}` +
  '</style>';

/** The shell with the place's nearest cars filled in. Throws when the shell lacks what it needs. */
export function localPageHtml(shell: string, page: LocalPage, origin: string): string {
  const url = localPageUrl(page.slug, page.make, origin);
  const title = localPageTitle(page);
  const within = `within ${LOCAL_RADIUS_MILES} miles of ${page.place}`;
  const description =
    `${page.make === null ? 'Used cars' : `Used ${page.make} cars`} for sale ${within} on ` +
    'CarDealer, nearest first, each with how far it is and how its price compares.';
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<script type="application/ld+json">${scriptSafeJson(localJsonLd(page, origin))}</script>`,
    PREVIEW_STYLE,
  ].join('');
  const list =
    page.cars.length > 0
      ? `<ol>${page.cars.map(carItem).join('')}</ol>`
      : `<p>No cars for sale ${escapeHtml(within)} yet. <a href="/cars">Search every car</a></p>`;
  const block =
    `<main ${SERVER_PREVIEW_ATTRIBUTE}="local"><h1>${escapeHtml(title)}</h1>` +
    `<p>Nearest first, ${escapeHtml(within)}.</p>${list}</main>`;
  return fillShell(shell, {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head,
    root: block,
  });
}
