import type { CarDetails } from '../lib/api';
import { makeProduct } from './data';

/** A car's page answer (GET /products/{id}) for the web tests, listed today at its price. */
export function makeCar(overrides: Partial<CarDetails> = {}): CarDetails {
  const product = makeProduct({
    _id: 'car-1',
    carName: 'Tesla Model S Plaid',
    carPhoto: '/image-host/i/front.png',
    carPhotoCopies: [
      { url: '/image-host/i/front-thumb.webp', width: 200, height: 125 },
      { url: '/image-host/i/front-medium.webp', width: 1024, height: 640 },
    ],
    categoryName: 'Tesla',
    condition: 'Good',
    originalPrice: 89990,
    resalePrice: 61800,
    productLocation: 'Denver, CO',
    userYears: 3,
    postTime: '3/14/2025, 2:30:00 PM',
    productDescription: 'Ludicrous speed, one owner.',
    email: 'sam@example.com',
  });
  return {
    ...product,
    photos: ['/image-host/i/front.png', '/image-host/i/side.png', '/image-host/i/back.png'],
    photosCopies: ['front', 'side', 'back'].map((name) => [
      { url: `/image-host/i/${name}-160.webp`, width: 160, height: 100 },
      { url: `/image-host/i/${name}-640.webp`, width: 640, height: 400 },
      // The back's photo was uploaded before the full-screen copy was made.
      ...(name === 'back'
        ? []
        : [{ url: `/image-host/i/${name}-1600.webp`, width: 1600, height: 1000 }]),
    ]),
    sellerType: 'private',
    seller: {
      name: 'Sam Seller',
      photo: '/images/avatar.svg',
      verified: true,
      memberSince: '2024-11-03T10:00:00.000Z',
      carsSold: 12,
      sellerType: 'private',
      dealer: null,
    },
    fairPrice: { rating: 'great', median: 66000, comparables: 23 },
    marketValue: {
      value: 66000,
      basis: 'comparables',
      listings: 23,
      makeListings: null,
      rated: true,
    },
    listedAt: new Date().toISOString(),
    priceDrop: null,
    priceHistory: [{ price: 61800, at: new Date().toISOString() }],
    ...overrides,
  };
}
