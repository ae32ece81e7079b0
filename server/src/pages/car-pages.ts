/**
 * A car's page (`/cars/:id`) as the server answers it: the app shell with the car filled in for
 * whoever reads the HTML without running the app (search engines, link previews) and for the
 * first paint: its title, description, canonical address, Open Graph tags, a schema.org `Car`
 * as JSON-LD, and a plain block with its name, price, location and cover photo inside
 * `<div id="root">`. The web app renders over that block when it starts (the block carries
 * `data-server-preview`, which tells src/main.tsx to render, not hydrate).
 */
import { escapeHtml } from '../platform/http/html';
import { fillShell } from './fill-shell';
import { placeSlug } from '../places/places';

/** What a car's page needs of the car (GET /api/products/{id}'s answer has it all). */
export interface CarForPage {
  _id: string;
  carName: string;
  carPhoto: string;
  categoryName: string;
  condition: string;
  resalePrice: number;
  productLocation: string;
  userYears: number;
  productDescription: string;
  sold: boolean;
  photos: string[];
  /** Its place's name ('Austin, TX'), or none: then the page links to no local page. */
  place?: string | null;
}

/** The attribute on the server's block inside #root (src/main.tsx renders over it). */
export const SERVER_PREVIEW_ATTRIBUTE = 'data-server-preview';

/** JSON safe inside a `<script>` element: no `<`, `>`, `&` or line separators as such. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A photo's absolute URL (a path on this origin gets the public origin). */
export function absoluteUrl(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function formatPrice(price: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(price);
}

/** The canonical address of a car's page. */
export function carPageUrl(id: string, origin: string): string {
  return `${origin}/cars/${encodeURIComponent(id)}`;
}

/** The schema.org description of the car (JSON-LD). */
export function carJsonLd(car: CarForPage, origin: string) {
  const url = carPageUrl(car._id, origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.carName,
    image: car.photos.map((photo) => absoluteUrl(photo, origin)),
    description: car.productDescription,
    brand: { '@type': 'Brand', name: car.categoryName },
    itemCondition: 'https://schema.org/UsedCondition',
    url,
    offers: {
      '@type': 'Offer',
      price: car.resalePrice,
      priceCurrency: 'USD',
      availability: car.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url,
    },
  };
}

/** A description of at most about 160 characters, for search results and link previews. */
function summary(car: CarForPage): string {
  const lead =
    `${car.carName}, ${formatPrice(car.resalePrice)}${car.sold ? ' (sold)' : ''}, ` +
    `${car.condition} condition, ${car.userYears} years used, in ${car.productLocation}.`;
  const rest = car.productDescription.replace(/\s+/g, ' ').trim();
  const text = rest ? `${lead} ${rest}` : lead;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** 'More cars near Austin, TX', linking the local page of the car's place ('' without one). */
function nearbyLink(place: string | null | undefined): string {
  const named = place ? /^(.+), ([A-Z]{2})$/.exec(place) : null;
  if (!named) return '';
  const slug = placeSlug(named[1]!, named[2]!);
  return `<p><a href="/cars/in/${slug}">More cars near ${escapeHtml(place!)}</a></p>`;
}

/** The shell with the car filled in. Throws when the shell lacks what it needs. */
export function carPageHtml(shell: string, car: CarForPage, origin: string): string {
  const url = carPageUrl(car._id, origin);
  const price = formatPrice(car.resalePrice);
  const title = `${car.carName} – ${price}${car.sold ? ' (sold)' : ''} | CarDealer`;
  const description = summary(car);
  const image = absoluteUrl(car.photos[0] ?? car.carPhoto, origin);
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<script type="application/ld+json">${scriptSafeJson(carJsonLd(car, origin))}</script>`,
  ].join('');
  const block =
    `<main ${SERVER_PREVIEW_ATTRIBUTE}="car"><h1>${escapeHtml(car.carName)}</h1>` +
    `<p>${escapeHtml(price)}${car.sold ? ' · Sold' : ''} · ${escapeHtml(car.productLocation)}</p>` +
    // The photo as stored (a path resolves against the address the page was asked at, which
    // the content security policy allows, whatever PUBLIC_ORIGIN says), fetched first.
    `<img src="${escapeHtml(car.photos[0] ?? car.carPhoto)}" alt="${escapeHtml(car.carName)}" ` +
    `fetchpriority="high" ` +
    `style="max-width:100%;height:auto" />${nearbyLink(car.place)}</main>`;

  return fillShell(shell, {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head,
    root: block,
  });
}

/**
 * The shell for a hidden car's page (answered 410): it says the listing was removed and is kept
 * out of search engines; the web app starts over it, and shows the car to its owner and the
 * admins (their API calls carry their token, the page's request does not).
 */
export function removedCarPageHtml(shell: string, message: string): string {
  return fillShell(shell, {
    title: escapeHtml(`${message} | CarDealer`),
    head: '<meta name="robots" content="noindex" />',
    root: `<main ${SERVER_PREVIEW_ATTRIBUTE}="car"><h1>${escapeHtml(message)}</h1></main>`,
  });
}
