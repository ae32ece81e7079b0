/**
 * Every route of the app, once. The dashboard's spelling (`dashboad`) is the original's; the
 * routes marked 'Added' are not in the original app (docs/differences.md).
 */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  /** Where an account whose registration was cut short finishes it (added). */
  finishRegistration: '/finish-registration',
  /** Added: asking for a mail to reset a forgotten password, and the mailed link's page. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Added: the mailed link that confirms an account's e-mail. */
  verifyEmail: '/verify-email',
  blogs: '/blogs',
  /** Added: the payment estimate without a car (the footer's 'Check your rate'). */
  financing: '/financing',
  categoryProducts: {
    pattern: '/category-products/:categoryName',
    to: (categoryName: string) => `/category-products/${encodeURIComponent(categoryName)}`,
  },
  /** Added: search over every car for sale, and one car's own page. */
  cars: '/cars',
  car: { pattern: '/cars/:id', to: (id: string) => `/cars/${encodeURIComponent(id)}` },
  /** Added: the cars near a US city (`/cars/in/austin-tx`, `/cars/in/austin-tx/tesla`). */
  localCars: { pattern: '/cars/in/:place/:make?' },
  /** Added: a seller's public page. */
  seller: { pattern: '/sellers/:id', to: (id: string) => `/sellers/${encodeURIComponent(id)}` },
  /** Added: cars side by side (`?ids=a,b,c`, at most 4; ids are URL-safe). */
  compare: {
    pattern: '/compare',
    to: (ids: readonly string[]) => (ids.length ? `/compare?ids=${ids.join(',')}` : '/compare'),
  },
  dashboard: '/dashboad',
  allBuyers: '/dashboad/all-buyers',
  allSellers: '/dashboad/all-sellers',
  addProducts: '/dashboad/add-products',
  myProducts: '/dashboad/my-products',
  /** Added: editing one of the seller's cars. */
  editProduct: {
    pattern: '/dashboad/my-products/:id/edit',
    to: (id: string) => `/dashboad/my-products/${encodeURIComponent(id)}/edit`,
  },
  myOrders: '/dashboad/my-orders',
  /** Added: the bookings on a seller's cars, one booking's page, every booking. */
  bookings: '/dashboad/bookings',
  order: { pattern: '/dashboad/orders/:id', to: (id: string) => `/dashboad/orders/${id}` },
  allOrders: '/dashboad/all-orders',
  /** Added: the cars the user saved (the heart on a car). */
  savedCars: '/dashboad/saved',
  /** Added: a buyer's or seller's saved searches of /cars. */
  savedSearches: '/dashboad/saved-searches',
  /** Added: every role's own settings (name, photo, phone, ZIP, e-mails, password). */
  accountSettings: '/dashboad/account',
  /** Added: the admin's categories (makes). */
  categories: '/dashboad/categories',
  /**
   * Added: the admin's moderation queue; under it, `{targetKind}/{targetId}`, one
   * reported listing's or account's file (features/moderation/ModerationRoutes.tsx).
   */
  reports: '/dashboad/reports',
  /** Added: a seller's inventory import (a CSV of cars and a ZIP of their photos). */
  inventoryImport: '/dashboad/import',
  /** Added: 'What's my car worth?' (the footer's 'Trade-in valuation'). */
  value: '/value',
  /** Added: a change of e-mail's mailed links (the new address's, the old address's). */
  confirmEmailChange: '/confirm-email-change',
  undoEmailChange: '/undo-email-change',
  /** Added: what each of a seller's cars earns (an admin's: the marketplace's). */
  insights: '/dashboad/insights',
} as const;
