import type { DomainEffects } from '../platform/effects';

/**
 * What the search reads that writes elsewhere set off: the catalogue's change notices (every
 * replica's answer cache starts again, and the work that follows the catalogue, the deal ratios'
 * refresh and the alert matcher, is woken), the words of the cars for typo matching, and the
 * kept counts of the vehicle facets.
 */
export const searchEffects: DomainEffects = {
  triggers: [
    {
      name: 'products_catalogue_change',
      table: 'products',
      fires: 'after insert or update or delete, each statement',
      migration: '0007_catalogue_changes.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'categories_catalogue_change',
      table: 'categories',
      fires: 'after insert or update or delete, each statement',
      migration: '0007_catalogue_changes.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'users_catalogue_change',
      table: 'users',
      fires: 'after update or delete, each statement',
      migration: '0007_catalogue_changes.sql',
      feeds: ['cardealer_catalogue'],
    },
    {
      name: 'products_search_words_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0009_search.sql',
      feeds: ['search_words'],
    },
    {
      name: 'products_search_words_update',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0009_search.sql',
      feeds: ['search_words'],
    },
    {
      name: 'products_vehicle_count_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0020_vehicle_counts.sql',
      feeds: ['vehicle_counts'],
    },
    {
      name: 'products_vehicle_count_update',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0020_vehicle_counts.sql',
      feeds: ['vehicle_counts'],
    },
    {
      name: 'products_vehicle_count_delete',
      table: 'products',
      fires: 'after delete, each statement',
      migration: '0020_vehicle_counts.sql',
      feeds: ['vehicle_counts'],
    },
  ],
  queues: [],
  channels: [
    {
      name: 'cardealer_catalogue',
      migration: '0007_catalogue_changes.sql',
      worker: 'http/catalogue-sync.ts',
      effect:
        "clears this replica's catalogue cache (and, through it, wakes the deal ratios' " +
        "refresh, the alert matcher and the sitemap's kept files), records the change seen " +
        'in catalogue_replicas, answers write barriers',
    },
  ],
};
