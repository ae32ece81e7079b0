/**
 * Deals in the RTK Query cache: bookings with states, their conversations and the
 * notifications, kept fresh by the live event stream (the "streaming updates" pattern: the
 * notifications entry opens the stream and closes it when it goes).
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Order } from './generated/cardealerApi';
import { screenApi as api, type GetSellerOrdersApiArg } from './generated/screenEndpoints';
import { openLiveEvents } from './liveEvents';
import { refreshedBy, type NotificationEvent } from './notificationEvents';
import { refetchUnheard } from './refetchUnheard';
import { LIST, listTags, tag } from './tags';

export type { Order, OrderStatus } from './generated/cardealerApi';
export type { Message, Notification } from './generated/screenEndpoints';

/** One page of bookings and how many there are in all. */
export interface OrderPage {
  orders: Order[];
  total: number;
}

export type OrderPageArg = { limit: number; offset: number } & Pick<
  GetSellerOrdersApiArg,
  'status'
>;

const totalOf = (meta: unknown, fallback: number) => {
  const value = Number(
    (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count') ?? Number.NaN,
  );
  return Number.isFinite(value) ? value : fallback;
};

const orderPage = (url: string) => ({
  query: ({ limit, offset, status }: OrderPageArg) => ({ url, params: { limit, offset, status } }),
  transformResponse: (orders: Order[], meta: unknown, arg: OrderPageArg): OrderPage => ({
    orders,
    total: totalOf(meta, arg.offset + orders.length),
  }),
  providesTags: (page: OrderPage | undefined) => listTags('orders', page?.orders),
});

const withDeals = api
  .enhanceEndpoints({
    endpoints: {
      // A booking's page shows its car too: deleting or selling the car refetches it.
      getOrder: {
        providesTags: (order, _e, { id }) => [
          tag('orders', id),
          ...(order ? [tag('products', order.productID)] : []),
        ],
      },
      moveOrder: {
        // The booking, the lists it is in or leaves (a list filtered by state), the notifications;
        // a sold car leaves every list that shows it.
        invalidatesTags: (result, _e, { id, body }) =>
          result
            ? [
                tag('orders', id),
                tag('orders', LIST),
                tag('notifications', LIST),
                ...(body.status === 'sold' ? [tag('products', result.productID)] : []),
              ]
            : [],
      },
      getOrderMessages: { providesTags: (_r, _e, { id }) => [tag('messages', id)] },
      postOrderMessage: {
        invalidatesTags: (result, _e, { id }) => (result ? [tag('messages', id)] : []),
      },
      getNotifications: {
        providesTags: [tag('notifications', LIST)],
        async onCacheEntryAdded(
          _arg,
          { cacheDataLoaded, cacheEntryRemoved, dispatch, getState, updateCachedData },
        ) {
          try {
            await cacheDataLoaded;
          } catch {
            return;
          }
          const stop = openLiveEvents({
            onOpen() {
              // The server replays nothing: on every open, the first too (the lists were read
              // before the stream was), read again what may have happened unheard: the bell,
              // bookings, the open conversations, and the saved cars and searches that alerts
              // change.
              refetchUnheard(dispatch, getState, [
                'notifications',
                'orders',
                'messages',
                'savedCars',
                'savedSearches',
              ]);
            },
            onEvent({ event, data }) {
              const { unread } = (data ?? {}) as { unread?: number };
              if (typeof unread === 'number') {
                updateCachedData((draft) => {
                  draft.unread = unread;
                });
              }
              if (event === 'notification') {
                dispatch(api.util.invalidateTags(refreshedBy(data as NotificationEvent)));
              }
            },
          });
          await cacheEntryRemoved;
          stop();
        },
      },
      markNotificationsRead: { invalidatesTags: [tag('notifications', LIST)] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getSellerOrdersPage: build.query<OrderPage, OrderPageArg>(orderPage('/api/seller-orders')),
      getAllOrdersPage: build.query<OrderPage, OrderPageArg>(orderPage('/api/admin/orders')),
    }),
  });

/** The API with the deals' endpoints (for stores and tests outside React). */
export const dealsApi = withDeals;

export const {
  useGetOrderQuery,
  useMoveOrderMutation,
  useGetOrderMessagesQuery,
  usePostOrderMessageMutation,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetSellerOrdersPageQuery,
  useGetAllOrdersPageQuery,
} = withDeals;
