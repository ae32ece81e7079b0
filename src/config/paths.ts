/** Every route of the app, once (spec §2). The dashboard's spelling is the spec's. */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  /** Where an account whose registration was cut short finishes it (not in the spec). */
  finishRegistration: '/finish-registration',
  blogs: '/blogs',
  /** Beyond the spec: the payment estimate without a car (the footer's 'Check your rate'). */
  financing: '/financing',
  categoryProducts: {
    pattern: '/category-products/:categoryName',
    to: (categoryName: string) => `/category-products/${encodeURIComponent(categoryName)}`,
  },
  /** Beyond the spec: search over every car for sale, and one car's own page. */
  cars: '/cars',
  car: { pattern: '/cars/:id', to: (id: string) => `/cars/${encodeURIComponent(id)}` },
  /** Beyond the spec (issue 26): a seller's public page. */
  seller: { pattern: '/sellers/:id', to: (id: string) => `/sellers/${encodeURIComponent(id)}` },
  /** Beyond the spec: cars side by side (`?ids=a,b,c`, at most 4; ids are URL-safe). */
  compare: {
    pattern: '/compare',
    to: (ids: readonly string[]) => (ids.length ? `/compare?ids=${ids.join(',')}` : '/compare'),
  },
  dashboard: '/dashboad',
  allBuyers: '/dashboad/all-buyers',
  allSellers: '/dashboad/all-sellers',
  addProducts: '/dashboad/add-products',
  myProducts: '/dashboad/my-products',
  /** Beyond the spec: editing one of the seller's cars. */
  editProduct: {
    pattern: '/dashboad/my-products/:id/edit',
    to: (id: string) => `/dashboad/my-products/${encodeURIComponent(id)}/edit`,
  },
  myOrders: '/dashboad/my-orders',
  /** Beyond the spec: the bookings on a seller's cars, one booking's page, every booking. */
  bookings: '/dashboad/bookings',
  order: { pattern: '/dashboad/orders/:id', to: (id: string) => `/dashboad/orders/${id}` },
  allOrders: '/dashboad/all-orders',
  /** Beyond the spec: the cars the user saved (the heart on a car). */
  savedCars: '/dashboad/saved',
  /** Beyond the spec: a buyer's or seller's saved searches of /cars. */
  savedSearches: '/dashboad/saved-searches',
  /** Beyond the spec: the admin's categories (makes). */
  categories: '/dashboad/categories',
  /**
   * Beyond the spec: the admin's moderation queue; under it, `{targetKind}/{targetId}`, one
   * reported listing's or account's file (features/moderation/ModerationRoutes.tsx).
   */
  reports: '/dashboad/reports',
} as const;
