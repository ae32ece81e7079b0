import type { DomainEffects } from '../platform/effects';

/**
 * What the database keeps for the search, whatever writes the cars: the words of their names,
 * makes and places for typo matching, and the counts of cars for sale behind the vehicle facets.
 * No background work: the search reads them as they are.
 */
export const searchEffects: DomainEffects = {
  triggers: [
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
  channels: [],
};
