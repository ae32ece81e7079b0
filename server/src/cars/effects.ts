import type { DomainEffects } from '../platform/effects';

/**
 * What the database keeps true for the cars, whatever writes them: the count of cars for sale
 * per make and condition, the mark on cars of one VIN listed by two sellers, and every price a
 * car has had. No background work: readers read these as they are.
 */
export const carsEffects: DomainEffects = {
  triggers: [
    {
      name: 'products_count_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0003_product_counts_triggers.sql',
      feeds: ['product_counts'],
    },
    {
      name: 'products_count_update',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0003_product_counts_triggers.sql',
      feeds: ['product_counts'],
    },
    {
      name: 'products_count_delete',
      table: 'products',
      fires: 'after delete, each statement',
      migration: '0003_product_counts_triggers.sql',
      feeds: ['product_counts'],
    },
    {
      name: 'products_mark_shared_vin',
      table: 'products',
      fires: 'before insert or update, each row',
      migration: '0015_vehicle_fields.sql',
      feeds: ['products.vin_shared'],
    },
    {
      name: 'price_history_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0016_price_history.sql',
      feeds: ['price_history'],
    },
    {
      name: 'price_history_update',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0016_price_history.sql',
      feeds: ['price_history'],
    },
  ],
  queues: [],
  channels: [],
};
