/**
 * Deals in the RTK Query cache: bookings with states, their conversations and the
 * notifications, kept fresh by the live event stream (the "streaming updates" pattern: the
 * notifications entry opens the stream and closes it when it goes).
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from './index';
import type { GetSellerOrdersApiArg, Order } from './generated/cardealerApi';
import { openLiveEvents } from './liveEvents';

export type {
  Message,
  Notifications,
  Notification,
  Order,
  OrderStatus,
  MoveOrderApiArg,
} from './generated/cardealerApi';

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
  providesTags: ['orders' as const],
});

const withDeals = api
  .enhanceEndpoints({
    endpoints: {
      getOrder: { providesTags: (_r, _e, { id }) => [{ type: 'orders', id }] },
      moveOrder: {
        // A sold car leaves the lists of cars for sale too.
        invalidatesTags: (result, _e, { body }) =>
          result
            ? [
                'orders',
                'notifications',
                ...(body.status === 'sold' ? (['products', 'advertisement'] as const) : []),
              ]
            : [],
      },
      getOrderMessages: { providesTags: (_r, _e, { id }) => [{ type: 'messages', id }] },
      postOrderMessage: {
        invalidatesTags: (result, _e, { id }) => (result ? [{ type: 'messages', id }] : []),
      },
      getNotifications: {
        providesTags: ['notifications'],
        async onCacheEntryAdded(
          _arg,
          { cacheDataLoaded, cacheEntryRemoved, dispatch, updateCachedData },
        ) {
          try {
            await cacheDataLoaded;
          } catch {
            return;
          }
          let opened = 0;
          const stop = openLiveEvents({
            onOpen() {
              // After a drop, refetch what may have happened meanwhile.
              opened += 1;
              if (opened > 1) dispatch(api.util.invalidateTags(['notifications', 'orders']));
            },
            onEvent({ event, data }) {
              const { unread, orderId } = (data ?? {}) as { unread?: number; orderId?: string };
              if (typeof unread === 'number') {
                updateCachedData((draft) => {
                  draft.unread = unread;
                });
              }
              if (event === 'notification' && orderId) {
                dispatch(
                  api.util.invalidateTags([
                    'notifications',
                    'orders',
                    { type: 'messages', id: orderId },
                  ]),
                );
              }
            },
          });
          await cacheEntryRemoved;
          stop();
        },
      },
      markNotificationsRead: { invalidatesTags: ['notifications'] },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getSellerOrdersPage: build.query<OrderPage, OrderPageArg>(orderPage('/api/seller-orders')),
      getAllOrdersPage: build.query<OrderPage, OrderPageArg>(orderPage('/api/admin/orders')),
    }),
  });

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
