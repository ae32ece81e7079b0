import type { RouteObject } from 'react-router-dom';
import { MainLayout, RootLayout } from '../components/layouts';
import { RouteError } from '../components/RouteError';
import { Spinner } from '../components/Spinner';
import { paths } from '../config/paths';

const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../features/placeholder/PlaceholderPage');
  return { Component: () => <PlaceholderPage title={title} /> };
};

const home = async () => ({ Component: (await import('../features/home/HomePage')).HomePage });

/** The route table of spec §2; every screen is loaded lazily. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown for the moment the first screen's code is still on its way.
    hydrateFallbackElement: <Spinner minHeight={480} label="Loading the page" />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { path: paths.root, lazy: home },
          { path: paths.home, lazy: home },
          { path: paths.login, lazy: placeholder('Login') },
          { path: paths.register, lazy: placeholder('Register') },
          {
            path: paths.blogs,
            lazy: async () => ({
              Component: (await import('../features/blogs/BlogsPage')).BlogsPage,
            }),
          },
          { path: paths.categoryProducts.pattern, lazy: placeholder('CARLIST') },
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('../features/notFound/NotFoundPage')).NotFoundPage,
            }),
          },
        ],
      },
      {
        path: paths.dashboard,
        lazy: placeholder('Dashboard'),
        children: [
          { index: true },
          { path: paths.allBuyers, lazy: placeholder('All Buyers') },
          { path: paths.allSellers, lazy: placeholder('All Sellers') },
          { path: paths.addProducts, lazy: placeholder('Add products') },
          { path: paths.myProducts, lazy: placeholder('My products') },
          { path: paths.myOrders, lazy: placeholder('My orders') },
        ],
      },
    ],
  },
];
