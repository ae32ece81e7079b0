/**
 * A seller's page (`/sellers/:id`) as the server answers it, like a car's page: the app
 * shell with the seller filled in for whoever reads the HTML without running the app: its title,
 * description, canonical address, Open Graph tags, a schema.org `AutoDealer` (a verified seller)
 * or `Person`, with `aggregateRating` when there are reviews, and a plain block inside
 * `<div id="root">` that the web app renders over.
 */
import type { SellerPageAnswer } from '../trust/seller-page';
import { absoluteUrl, scriptSafeJson, SERVER_PREVIEW_ATTRIBUTE } from './car-pages';
import { escapeHtml } from '../platform/http/html';
import { fillShell } from './fill-shell';

/** The canonical address of a seller's page. */
export function sellerPageUrl(id: string, origin: string): string {
  return `${origin}/sellers/${encodeURIComponent(id)}`;
}

/** '4.5 ★ (12 reviews)', or 'New seller' (src/lib/sellerRating.ts says the same). */
function ratingWords(rating: SellerPageAnswer['rating']): string {
  if (rating.average === null || rating.count === 0) return 'New seller';
  return `${rating.average.toFixed(1)} ★ (${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`;
}

/** The schema.org description of the seller (JSON-LD). */
export function sellerJsonLd(seller: SellerPageAnswer, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': seller.verified === 'true' ? 'AutoDealer' : 'Person',
    name: seller.name,
    url: sellerPageUrl(seller._id, origin),
    ...(seller.photo ? { image: absoluteUrl(seller.photo, origin) } : {}),
    ...(seller.rating.average !== null && seller.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: seller.rating.average,
            reviewCount: seller.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The shell with the seller filled in. Throws when the shell lacks what it needs. */
export function sellerPageHtml(shell: string, seller: SellerPageAnswer, origin: string): string {
  const url = sellerPageUrl(seller._id, origin);
  const title = `${seller.name} – seller on CarDealer`;
  const cars = `${seller.carsForSale} ${seller.carsForSale === 1 ? 'car' : 'cars'} for sale`;
  const sold = `${seller.carsSold} sold`;
  const description =
    `${seller.name}${seller.verified === 'true' ? ', verified seller' : ''} on CarDealer: ` +
    `${ratingWords(seller.rating)}, ${cars}, ${sold}.`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<script type="application/ld+json">${scriptSafeJson(sellerJsonLd(seller, origin))}</script>`,
  ].join('');
  const block =
    `<main ${SERVER_PREVIEW_ATTRIBUTE}="seller"><h1>${escapeHtml(seller.name)}</h1>` +
    `<p>${escapeHtml(ratingWords(seller.rating))} · ${escapeHtml(cars)} · ${escapeHtml(sold)}</p></main>`;

  return fillShell(shell, {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head,
    root: block,
  });
}
