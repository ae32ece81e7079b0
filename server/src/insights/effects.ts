import type { DomainEffects } from '../platform/effects';

/**
 * What the insights read that the database keeps for them: each car's views per day, counted by
 * a trigger from the views the server's view counter writes in batches (a visitor's second view
 * of a car on one day is not written, so not counted).
 */
export const insightsEffects: DomainEffects = {
  triggers: [
    {
      name: 'car_views_count',
      table: 'car_views',
      fires: 'after insert, each statement',
      migration: '0044_car_views.sql',
      feeds: ['car_view_counts'],
    },
  ],
  queues: [
    {
      table: 'car_views',
      migration: '0044_car_views.sql',
      worker: 'server/src/insights/view-counter.ts',
      effect:
        'writes the views gathered in memory in batches (every second, or sooner when many ' +
        'wait, and as the server shuts down); a repeated visitor of the day is skipped',
    },
  ],
  channels: [],
};
