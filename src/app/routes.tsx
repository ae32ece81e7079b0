import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createContext, RouterContextProvider, type RouteObject } from 'react-router-dom';
import { MainLayout, RootLayout } from '../components/layouts';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from '../lib/auth/guards';
import type { Role } from '../lib/auth/roles';
import { loadCategoryProducts } from '../features/catalog/loadCategoryProducts';
import type { AppStore } from './store';

type Wrap = (page: ReactNode) => ReactNode;

/**
 * A lazily loaded screen. Behind a guard, the screen's code is fetched only once the guard lets
 * the user in, so a signed-out visitor never downloads the admin grid.
 */
function screen(load: () => Promise<ComponentType>, wrap?: Wrap) {
  if (!wrap) return async () => ({ Component: await load() });
  const Page = lazy(async () => ({ default: await load() }));
  const Guarded = () => (
    <>
      {wrap(
        <Suspense fallback={<Spinner minHeight={320} label="Loading the page" />}>
          <Page />
        </Suspense>,
      )}
    </>
  );
  return async () => ({ Component: Guarded });
}

/**
 * A screen with a wrapper that is no gate (it renders the screen while the session is read): its
 * code loads with the route, so the page can be prerendered and hydrated whole.
 */
function wrappedScreen(load: () => Promise<ComponentType>, wrap: Wrap) {
  return async () => {
    const Page = await load();
    const Wrapped = () => <>{wrap(<Page />)}</>;
    return { Component: Wrapped };
  };
}

const signedIn: Wrap = (page) => <RequireAuth>{page}</RequireAuth>;
const forRole =
  (role: Role): Wrap =>
  (page) => <RequireRole role={role}>{page}</RequireRole>;

/** The store, for loaders: the router gets it through `getContext: () => routerContext(store)`. */
export const storeContext = createContext<AppStore>();
export const routerContext = (store: AppStore) =>
  new RouterContextProvider(new Map([[storeContext, store]]));

const home = screen(async () => (await import('../features/home/HomePage')).HomePage);

/** The route table of spec §2; every screen is loaded lazily, guards sit in front. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown for the moment the first screen's code is still on its way.
    hydrateFallbackElement: <Spinner minHeight={480} label="Loading the page" />,
    children: [
      {
        element: <MainLayout />,
        // A failing screen keeps the navigation bar around its message.
        errorElement: <RouteError />,
        children: [
          { path: paths.root, lazy: home },
          { path: paths.home, lazy: home },
          {
            path: paths.login,
            lazy: screen(async () => (await import('../features/account/LoginPage')).LoginPage),
          },
          {
            path: paths.register,
            lazy: wrappedScreen(
              async () => (await import('../features/account/RegisterPage')).RegisterPage,
              (page) => <RedirectIfSignedIn>{page}</RedirectIfSignedIn>,
            ),
          },
          {
            path: paths.blogs,
            lazy: screen(async () => (await import('../features/blogs/BlogsPage')).BlogsPage),
          },
          {
            path: paths.categoryProducts.pattern,
            // Starts the cars' request while the screen's code loads (spec: data before display).
            loader: ({ params, context }) =>
              loadCategoryProducts(
                (context as RouterContextProvider).get(storeContext),
                params.categoryName ?? '',
              ),
            lazy: screen(
              async () =>
                (await import('../features/catalog/CategoryProductsPage')).CategoryProductsPage,
              signedIn,
            ),
          },
          {
            path: '*',
            lazy: screen(
              async () => (await import('../features/notFound/NotFoundPage')).NotFoundPage,
            ),
          },
        ],
      },
      {
        path: paths.dashboard,
        errorElement: <RouteError />,
        lazy: screen(
          async () => (await import('../components/DashboardLayout')).DashboardLayout,
          signedIn,
        ),
        children: [
          {
            index: true,
            lazy: screen(
              async () => (await import('../features/dashboard/DashboardHome')).DashboardHome,
            ),
          },
          {
            path: paths.allBuyers,
            lazy: screen(
              async () => (await import('../features/admin/AllBuyersPage')).AllBuyersPage,
              forRole('admin'),
            ),
          },
          {
            path: paths.allSellers,
            lazy: screen(
              async () => (await import('../features/admin/AllSellersPage')).AllSellersPage,
              forRole('admin'),
            ),
          },
          {
            path: paths.addProducts,
            lazy: screen(
              async () => (await import('../features/seller/AddProductPage')).AddProductPage,
              forRole('seller'),
            ),
          },
          {
            path: paths.myProducts,
            lazy: screen(
              async () => (await import('../features/seller/MyProductsPage')).MyProductsPage,
              forRole('seller'),
            ),
          },
          // My orders needs only a login (spec route table); its menu entry is the buyer's.
          {
            path: paths.myOrders,
            lazy: screen(
              async () => (await import('../features/orders/MyOrdersPage')).MyOrdersPage,
            ),
          },
        ],
      },
    ],
  },
];
