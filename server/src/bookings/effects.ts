import type { DomainEffects } from '../platform/effects';

/**
 * What the database does to bookings when a car or an account is deleted: the open bookings are
 * ended and the other party told (a notification, so a mail and a live event follow), and a
 * deleted account's name leaves its bookings and messages. Its sign-in account is remembered as
 * deleted, and every replica is told to end its streams.
 */
export const bookingsEffects: DomainEffects = {
  triggers: [
    {
      name: 'products_delete_orders',
      table: 'products',
      fires: 'before delete, each row',
      migration: '0005_deals.sql',
      feeds: ['orders', 'notifications'],
    },
    {
      name: 'users_delete_orders',
      table: 'users',
      fires: 'before delete, each row',
      migration: '0005_deals.sql',
      feeds: ['orders', 'messages', 'notifications', 'deleted_accounts', 'cardealer_events'],
    },
  ],
  queues: [],
  channels: [],
};
