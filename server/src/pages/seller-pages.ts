/**
 * A seller's page (`/sellers/:id`) as the server answers it, like a car's page: the app
 * shell with the seller filled in for whoever reads the HTML without running the app: its title,
 * description, canonical address, Open Graph tags, a schema.org `AutoDealer` (a seller with a
 * dealer profile: its address, phone, opening hours and website) or `Person`, with
 * `aggregateRating` when there are reviews, and a plain block inside `<div id="root">` that the
 * web app renders over. Whether the seller is verified is said in words, not by the type.
 */
import type { SellerPageAnswer } from '../trust/seller-page';
import { absoluteUrl, scriptSafeJson, SERVER_PREVIEW_ATTRIBUTE } from './car-pages';
import { escapeHtml } from '../platform/http/html';
import { fillShell } from './fill-shell';
import type { DealerProfile } from '../accounts/dealer-schemas';

/** The canonical address of a seller's page. */
export function sellerPageUrl(id: string, origin: string): string {
  return `${origin}/sellers/${encodeURIComponent(id)}`;
}

/** '4.5 ★ (12 reviews)', or 'New seller' (src/lib/sellerRating.ts says the same). */
function ratingWords(rating: SellerPageAnswer['rating']): string {
  if (rating.average === null || rating.count === 0) return 'New seller';
  return `${rating.average.toFixed(1)} ★ (${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`;
}

/** A dealer's business in schema.org's words: its address, phone, opening hours and site. */
function businessJsonLd(dealer: DealerProfile, page: string) {
  return {
    '@type': 'AutoDealer',
    '@id': page,
    name: dealer.name,
    url: dealer.website ?? page,
    address: {
      '@type': 'PostalAddress',
      streetAddress: dealer.address,
      addressLocality: dealer.city,
      addressRegion: dealer.state,
      postalCode: dealer.zip,
      addressCountry: 'US',
    },
    telephone: dealer.phone,
    ...(dealer.hours ? { openingHours: dealer.hours.split(', ') } : {}),
  };
}

/** The schema.org description of the seller (JSON-LD): a dealer's business, or a person. */
export function sellerJsonLd(seller: SellerPageAnswer, origin: string) {
  const page = sellerPageUrl(seller._id, origin);
  return {
    '@context': 'https://schema.org',
    ...(seller.dealer
      ? businessJsonLd(seller.dealer, page)
      : { '@type': 'Person', name: seller.name, url: page }),
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

/** A dealer's business as plain HTML: its name, address, phone, hours and website. */
function businessHtml(dealer: DealerProfile): string {
  const lines = [
    `Dealer: ${dealer.name}`,
    `${dealer.address}, ${dealer.city}, ${dealer.state} ${dealer.zip}`,
    `Phone: ${dealer.phone}`,
    ...(dealer.hours ? [`Opening hours: ${dealer.hours}`] : []),
  ].map((line) => `<p>${escapeHtml(line)}</p>`);
  if (dealer.website) {
    const site = escapeHtml(dealer.website);
    lines.push(`<p><a href="${site}" rel="nofollow noopener">${site}</a></p>`);
  }
  return `<section>${lines.join('')}</section>`;
}

/** The shell with the seller filled in. Throws when the shell lacks what it needs. */
export function sellerPageHtml(shell: string, seller: SellerPageAnswer, origin: string): string {
  const url = sellerPageUrl(seller._id, origin);
  const title = `${seller.name} – seller on CarDealer`;
  const cars = `${seller.carsForSale} ${seller.carsForSale === 1 ? 'car' : 'cars'} for sale`;
  const sold = `${seller.carsSold} sold`;
  const kind = seller.dealer ? `dealer in ${seller.dealer.city}, ${seller.dealer.state}` : '';
  const words = [kind, seller.verified === 'true' ? 'verified seller' : ''].filter(Boolean);
  const description =
    `${seller.name}${words.map((word) => `, ${word}`).join('')} on CarDealer: ` +
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
    `<p>${escapeHtml(ratingWords(seller.rating))} · ${escapeHtml(cars)} · ${escapeHtml(sold)}</p>` +
    `${seller.dealer ? businessHtml(seller.dealer) : '<p>Private seller</p>'}</main>`;

  return fillShell(shell, {
    title: escapeHtml(title),
    description: escapeHtml(description),
    head,
    root: block,
  });
}
