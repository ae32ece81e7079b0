import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createContext, RouterContextProvider, type RouteObject } from 'react-router-dom';
import { MainLayout, RootLayout } from '../components/layouts';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import type * as GuardsModule from '../lib/auth/guards';
import type { Role } from '../lib/auth/roles';
import { loadCategoryProducts } from '../features/catalog/loadCategoryProducts';
import type { AppStore } from './store';

type Wrap = (page: ReactNode) => ReactNode;
/** A guard's code is loaded with the route that needs it, not with the first page. */
type Guard = () => Promise<Wrap>;

/**
 * A lazily loaded screen. Behind a guard, the screen's code is fetched only once the guard lets
 * the user in, so a signed-out visitor never downloads the admin grid.
 */
function screen(load: () => Promise<ComponentType>, guard?: Guard) {
  if (!guard) return async () => ({ Component: await load() });
  const Page = lazy(async () => ({ default: await load() }));
  return async () => {
    const wrap = await guard();
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

/**
 * A screen with a wrapper that is no gate (it renders the screen while the session is read): its
 * code loads with the route, so the page can be prerendered and hydrated whole.
 */
function wrappedScreen(load: () => Promise<ComponentType>, guard: Guard) {
  return async () => {
    const [Page, wrap] = await Promise.all([load(), guard()]);
    const Wrapped = () => <>{wrap(<Page />)}</>;
    return { Component: Wrapped };
  };
}

type Guards = typeof GuardsModule;
/** A guard made from the guards module, which is fetched when a route first needs it. */
const guard =
  (wrapWith: (guards: Guards) => Wrap): Guard =>
  async () =>
    wrapWith(await import('../lib/auth/guards'));
const signedIn = guard(({ RequireAuth }) => (page) => <RequireAuth>{page}</RequireAuth>);
const forRole = (role: Role) =>
  guard(({ RequireRole }) => (page) => <RequireRole role={role}>{page}</RequireRole>);
const signedOut = guard(({ RedirectIfSignedIn }) => (page) => (
  <RedirectIfSignedIn>{page}</RedirectIfSignedIn>
));

/** The store, for loaders: the router gets it through `getContext: () => routerContext(store)`. */
export const storeContext = createContext<AppStore>();
export const routerContext = (store: AppStore) =>
  new RouterContextProvider(new Map([[storeContext, store]]));

const NotFound = lazy(async () => ({
  default: (await import('../features/notFound/NotFoundPage')).NotFoundPage,
}));

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
              signedOut,
            ),
          },
          {
            path: paths.finishRegistration,
            lazy: screen(
              async () =>
                (await import('../features/account/FinishRegistrationPage')).FinishRegistrationPage,
              signedIn,
            ),
          },
          {
            path: paths.blogs,
            lazy: screen(async () => (await import('../features/blogs/BlogsPage')).BlogsPage),
          },
          {
            path: paths.financing,
            lazy: screen(
              async () => (await import('../features/financing/FinancingPage')).FinancingPage,
            ),
          },
          // Search for buyers: every car for sale (public; not prerendered, its URL is the search).
          {
            path: paths.cars,
            lazy: screen(async () => (await import('../features/search/CarsPage')).CarsPage),
          },
          // Cars side by side (public; its address names the cars, so it is rendered in the browser).
          {
            path: paths.compare.pattern,
            lazy: screen(async () => (await import('../features/compare/ComparePage')).ComparePage),
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
            // A car's own page, open to anyone; an unknown id shows the not-found page.
            path: paths.car.pattern,
            lazy: screen(async () => {
              const { CarPage } = await import('../features/car/CarPage');
              const notFound = (
                <Suspense fallback={null}>
                  <NotFound />
                </Suspense>
              );
              return () => <CarPage notFound={notFound} />;
            }),
          },
          {
            // A seller's own page (issue 26), open to anyone; an unknown id shows not-found.
            path: paths.seller.pattern,
            lazy: screen(async () => {
              const { SellerPage } = await import('../features/sellers/SellerPage');
              const notFound = (
                <Suspense fallback={null}>
                  <NotFound />
                </Suspense>
              );
              return () => <SellerPage notFound={notFound} />;
            }),
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
              forRole('Admin'),
            ),
          },
          {
            path: paths.allSellers,
            lazy: screen(
              async () => (await import('../features/admin/AllSellersPage')).AllSellersPage,
              forRole('Admin'),
            ),
          },
          {
            path: paths.addProducts,
            lazy: screen(
              async () => (await import('../features/seller/AddProductPage')).AddProductPage,
              forRole('Seller'),
            ),
          },
          {
            path: paths.myProducts,
            lazy: screen(
              async () => (await import('../features/seller/MyProductsPage')).MyProductsPage,
              forRole('Seller'),
            ),
          },
          {
            path: paths.editProduct.pattern,
            lazy: screen(
              async () => (await import('../features/seller/EditProductPage')).EditProductPage,
              forRole('Seller'),
            ),
          },
          {
            path: paths.bookings,
            lazy: screen(
              async () => (await import('../features/orders/BookingsPage')).BookingsPage,
              forRole('Seller'),
            ),
          },
          // A booking's page: its buyer and its seller (the server answers 404 to anyone else).
          {
            path: paths.order.pattern,
            lazy: screen(async () => (await import('../features/orders/OrderPage')).OrderPage),
          },
          {
            path: paths.allOrders,
            lazy: screen(
              async () => (await import('../features/admin/AllOrdersPage')).AllOrdersPage,
              forRole('Admin'),
            ),
          },
          {
            path: paths.categories,
            lazy: screen(
              async () => (await import('../features/admin/CategoriesPage')).CategoriesPage,
              forRole('Admin'),
            ),
          },
          // The queue and each target's file (one entry: the start-up script holds this table).
          {
            path: `${paths.reports}/*`,
            lazy: screen(
              async () =>
                (await import('../features/moderation/ModerationRoutes')).ModerationRoutes,
              forRole('Admin'),
            ),
          },
          // Saved cars: any signed-in user's (every role's menu has it).
          {
            path: paths.savedCars,
            lazy: screen(
              async () => (await import('../features/saved/SavedCarsPage')).SavedCarsPage,
            ),
          },
          {
            path: paths.savedSearches,
            lazy: screen(
              async () =>
                (await import('../features/savedSearches/SavedSearchesPage')).SavedSearchesPage,
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
