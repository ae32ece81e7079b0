import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/Spinner';
import type { Role } from '../lib/auth/roles';
import { guard, screen as unguarded, type Guard, type LazyScreen } from './screens';

/**
 * A lazily loaded screen, behind a guard when given one: the screen's code is fetched only once
 * the guard lets the user in, so a signed-out visitor never downloads the admin grid.
 */
function screen(load: () => Promise<ComponentType>, guardedBy?: Guard): LazyScreen {
  if (!guardedBy) return unguarded(load);
  const Page = lazy(async () => ({ default: await load() }));
  return async () => {
    const wrap = await guardedBy();
    const Guarded = () => (
      <>
        {wrap(
          <Suspense fallback={<Spinner minHeight={320} label="Loading the page" />}>
            <Page />
          </Suspense>,
        )}
      </>
    );
    return { Component: Guarded };
  };
}

const signedIn = guard(({ RequireAuth }) => (page) => <RequireAuth>{page}</RequireAuth>);
const forRole = (role: Role) =>
  guard(({ RequireRole }) => (page) => <RequireRole role={role}>{page}</RequireRole>);
const admin = forRole('Admin');
const seller = forRole('Seller');

/**
 * The screens only a signed-in user sees (the dashboard's, finishing a registration, a make's
 * cars), by route: src/app/routes.tsx keeps their paths. Their loaders are a module of their own,
 * fetched with the first such page: each loader lists every shared chunk its screen needs, and
 * those lists, kept in the start-up script, weighed on every public page as they grew.
 */
export const signedInScreens = {
  finishRegistration: screen(
    async () => (await import('../features/account/FinishRegistrationPage')).FinishRegistrationPage,
    signedIn,
  ),
  categoryProducts: screen(
    async () => (await import('../features/categories/CategoryProductsPage')).CategoryProductsPage,
    signedIn,
  ),
  layout: screen(
    async () => (await import('../components/DashboardLayout')).DashboardLayout,
    signedIn,
  ),
  home: screen(async () => (await import('../features/dashboard/DashboardHome')).DashboardHome),
  allBuyers: screen(
    async () => (await import('../features/admin/AllBuyersPage')).AllBuyersPage,
    admin,
  ),
  allSellers: screen(
    async () => (await import('../features/admin/AllSellersPage')).AllSellersPage,
    admin,
  ),
  addProducts: screen(
    async () => (await import('../features/selling/AddProductPage')).AddProductPage,
    seller,
  ),
  myProducts: screen(
    async () => (await import('../features/selling/MyProductsPage')).MyProductsPage,
    seller,
  ),
  editProduct: screen(
    async () => (await import('../features/selling/EditProductPage')).EditProductPage,
    seller,
  ),
  bookings: screen(
    async () => (await import('../features/orders/BookingsPage')).BookingsPage,
    seller,
  ),
  // A booking's page: its buyer and its seller (the server answers 404 to anyone else).
  order: screen(async () => (await import('../features/orders/OrderPage')).OrderPage),
  allOrders: screen(
    async () => (await import('../features/admin/AllOrdersPage')).AllOrdersPage,
    admin,
  ),
  categories: screen(
    async () => (await import('../features/admin/CategoriesPage')).CategoriesPage,
    admin,
  ),
  // The queue and each target's file (features/moderation/ModerationRoutes.tsx).
  reports: screen(
    async () => (await import('../features/moderation/ModerationRoutes')).ModerationRoutes,
    admin,
  ),
  // Saved cars: any signed-in user's (every role's menu has it).
  savedCars: screen(
    async () => (await import('../features/savedCars/SavedCarsPage')).SavedCarsPage,
  ),
  savedSearches: screen(
    async () => (await import('../features/savedSearches/SavedSearchesPage')).SavedSearchesPage,
  ),
  // Every role's own settings.
  accountSettings: screen(
    async () =>
      (await import('../features/accountSettings/AccountSettingsPage')).AccountSettingsPage,
  ),
  // My orders needs only a login; its menu entry is the buyer's.
  myOrders: screen(async () => (await import('../features/orders/MyOrdersPage')).MyOrdersPage),
  // A seller's inventory import (a stock file checked, then imported as a background job).
  inventoryImport: screen(
    async () =>
      (await import('../features/inventoryImport/InventoryImportPage')).InventoryImportPage,
    seller,
  ),
  // Sellers' and admins' (the page tells anyone else so; the server answers them 403).
  insights: screen(async () => (await import('../features/insights/InsightsPage')).InsightsPage),
};

export type SignedInScreen = keyof typeof signedInScreens;
