import type { Category, Order, Product, User } from '../lib/api';
import type { SearchFacets } from '../lib/api/search';

/** Data generators for tests: realistic records with overridable fields. */
export function makeCategory(overrides: Partial<Category> = {}): Category {
  const name = overrides.categoryName ?? 'Tesla';
  return {
    _id: name.toLowerCase(),
    categoryName: name,
    image: `/images/categories/${name.toLowerCase()}.svg`,
    rating: 4.8,
    ...overrides,
  };
}

export const categories: Category[] = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'].map(
  (categoryName, i) => makeCategory({ categoryName, rating: 4.6 + i / 10 }),
);

let productCount = 0;
/** A product as the API answers it (docs/api.md), with overridable fields. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  productCount += 1;
  const n = String(productCount).padStart(2, '0');
  return {
    _id: `product-${n}`,
    carName: `Tesla Model 3 #${n}`,
    carPhoto: `/images/cars/car-01.svg`,
    categoryName: 'Tesla',
    condition: 'Excellent',
    originalPrice: 52000,
    resalePrice: 38500,
    productLocation: 'Austin, TX',
    userYears: 2,
    postTime: '3/14/2025, 2:30:00 PM',
    productDescription: 'One owner, always garaged, full service history.',
    sellerName: 'Sam Seller',
    sellerPhoto: '/images/avatar.svg',
    email: 'seller@cardealer.dev',
    advertisement: 'false',
    isVerify: 'false',
    sold: false,
    sellerId: 'seller-01',
    sellerRating: { average: null, count: 0 },
    // The vehicle data: unknown, as on a car posted before it (the make is the category).
    make: overrides.categoryName ?? 'Tesla',
    vin: null,
    model: null,
    modelYear: null,
    trim: null,
    bodyStyle: null,
    fuel: null,
    transmission: null,
    drive: null,
    exteriorColor: null,
    mileage: null,
    owners: null,
    ...overrides,
  };
}

let orderCount = 0;
/** An order as GET /orders answers it, with overridable fields. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  orderCount += 1;
  return {
    _id: `order-${orderCount}`,
    buyerName: 'Bea Buyer',
    buyerEmail: 'buyer@cardealer.dev',
    productName: 'Tesla Model 3 Long Range',
    productPrice: 38500,
    phone: '5550100',
    meetLocation: 'Austin, TX',
    productID: 'product-01',
    carImage: '/images/cars/car-01.svg',
    status: 'requested',
    history: [{ status: 'requested', at: '2026-11-20T10:00:00.000Z' }],
    sellerEmail: 'seller@cardealer.dev',
    sellerName: 'Sam Seller',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

let userCount = 0;
/** A user as GET /users/buyers|sellers answers it (docs/api.md), with overridable fields. */
export function makeUser(overrides: Partial<User> = {}): User {
  userCount += 1;
  const n = String(userCount).padStart(2, '0');
  const role = overrides.userRole ?? 'Buyer';
  return {
    _id: `user-${n}`,
    name: `${role} Person ${n}`,
    email: `${role.toLowerCase()}-${n}@example.com`,
    userRole: role,
    userImg: '/images/avatar.svg',
    userVerify: 'false',
    ...overrides,
  };
}

/** The facets of a search that found nothing to count: every group empty. */
export function makeEmptyFacets(): SearchFacets {
  return {
    category: {},
    condition: {},
    sellerType: {},
    price: null,
    years: null,
    model: {},
    fuel: {},
    transmission: {},
    bodyStyle: {},
    modelYear: null,
    mileage: null,
    countsExact: true,
    ignoredWords: [],
  };
}
