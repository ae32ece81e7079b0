import { lazy, Suspense } from 'react';
import { createContext, RouterContextProvider, type RouteObject } from 'react-router-dom';
import { MainLayout, RootLayout } from '../components/layouts';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';
import { loadCategoryProducts } from '../features/categories/loadCategoryProducts';
import { screen, signedOut, wrappedScreen, type LazyScreen } from './screens';
import type { SignedInScreen } from './signedInScreens';
import type { AppStore } from './store';

/**
 * A screen for signed-in users, loaded through their own module of loaders
 * (src/app/signedInScreens.tsx): the start-up script holds only its path.
 */
const signedInScreen =
  (name: SignedInScreen): LazyScreen =>
  async () =>
    (await import('./signedInScreens')).signedInScreens[name]();

/** The store, for loaders: the router gets it through `getContext: () => routerContext(store)`. */
export const storeContext = createContext<AppStore>();
export const routerContext = (store: AppStore) =>
  new RouterContextProvider(new Map([[storeContext, store]]));

const NotFound = lazy(async () => ({
  default: (await import('../features/notFound/NotFoundPage')).NotFoundPage,
}));

const home = screen(async () => (await import('../features/home/HomePage')).HomePage);

/** The app's route table (paths.ts): every screen is loaded lazily, guards sit in front. */
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
          { path: paths.finishRegistration, lazy: signedInScreen('finishRegistration') },
          {
            path: paths.forgotPassword,
            lazy: screen(
              async () =>
                (await import('../features/account/ForgotPasswordPage')).ForgotPasswordPage,
            ),
          },
          {
            path: paths.resetPassword,
            lazy: screen(
              async () => (await import('../features/account/ResetPasswordPage')).ResetPasswordPage,
            ),
          },
          {
            path: paths.verifyEmail,
            lazy: screen(
              async () => (await import('../features/account/VerifyEmailPage')).VerifyEmailPage,
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
          // 'What's my car worth?' (public, prerendered; the footer's 'Trade-in valuation').
          {
            path: paths.value,
            lazy: screen(async () => (await import('../features/value/ValuePage')).ValuePage),
          },
          // Search for buyers: every car for sale (public; not prerendered, its URL is the search).
          {
            path: paths.cars,
            lazy: screen(async () => (await import('../features/search/CarsPage')).CarsPage),
          },
          // Cars side by side (public; its address names the cars, so it is rendered in the
          // browser).
          {
            path: paths.compare.pattern,
            lazy: screen(async () => (await import('../features/compare/ComparePage')).ComparePage),
          },
          {
            path: paths.categoryProducts.pattern,
            // Starts the cars' request while the screen's code loads (the data comes before the
            // display).
            loader: ({ params, context }) =>
              loadCategoryProducts(
                (context as RouterContextProvider).get(storeContext),
                params.categoryName ?? '',
              ),
            lazy: signedInScreen('categoryProducts'),
          },
          {
            // The cars near a city: the server's page, kept as it came.
            path: paths.localCars.pattern,
            lazy: screen(
              async () => (await import('../features/localCars/LocalCarsPage')).LocalCarsPage,
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
            // A seller's own page, open to anyone; an unknown id shows not-found.
            path: paths.seller.pattern,
            lazy: screen(async () => {
              const { SellerPage } = await import('../features/sellerPages/SellerPage');
              const notFound = (
                <Suspense fallback={null}>
                  <NotFound />
                </Suspense>
              );
              return () => <SellerPage notFound={notFound} />;
            }),
          },
          {
            path: paths.confirmEmailChange,
            lazy: screen(
              async () =>
                (await import('../features/account/EmailChangePages')).ConfirmEmailChangePage,
            ),
          },
          {
            path: paths.undoEmailChange,
            lazy: screen(
              async () =>
                (await import('../features/account/EmailChangePages')).UndoEmailChangePage,
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
        lazy: signedInScreen('layout'),
        children: [
          { index: true, lazy: signedInScreen('home') },
          { path: paths.allBuyers, lazy: signedInScreen('allBuyers') },
          { path: paths.allSellers, lazy: signedInScreen('allSellers') },
          { path: paths.addProducts, lazy: signedInScreen('addProducts') },
          { path: paths.myProducts, lazy: signedInScreen('myProducts') },
          { path: paths.editProduct.pattern, lazy: signedInScreen('editProduct') },
          { path: paths.bookings, lazy: signedInScreen('bookings') },
          { path: paths.order.pattern, lazy: signedInScreen('order') },
          { path: paths.allOrders, lazy: signedInScreen('allOrders') },
          { path: paths.categories, lazy: signedInScreen('categories') },
          // The queue and each target's file (one entry: the start-up script holds this table).
          { path: `${paths.reports}/*`, lazy: signedInScreen('reports') },
          { path: paths.savedCars, lazy: signedInScreen('savedCars') },
          { path: paths.savedSearches, lazy: signedInScreen('savedSearches') },
          { path: paths.myOrders, lazy: signedInScreen('myOrders') },
          { path: paths.accountSettings, lazy: signedInScreen('accountSettings') },
          { path: paths.inventoryImport, lazy: signedInScreen('inventoryImport') },
          { path: paths.insights, lazy: signedInScreen('insights') },
        ],
      },
    ],
  },
];
