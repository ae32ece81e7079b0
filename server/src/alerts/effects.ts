import type { DomainEffects } from '../platform/effects';

/**
 * What the alerts' background work reads: the matcher's queue (a car listed, repriced, sold or
 * back on sale, written in the transaction that changed it) and the alerts waiting for their
 * daily digest; and the match keys the database keeps on every saved search, by which the
 * matcher finds the searches a car could match.
 */
export const alertsEffects: DomainEffects = {
  triggers: [
    {
      name: 'alert_work_price',
      table: 'price_history',
      fires: 'after insert, each statement',
      migration: '0025_alerts.sql',
      feeds: ['alert_work'],
    },
    {
      name: 'alert_work_sold',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0025_alerts.sql',
      feeds: ['alert_work'],
    },
    {
      name: 'alert_work_return',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0030_for_sale_hidden.sql',
      feeds: ['alert_work'],
    },
    {
      name: 'saved_searches_match_keys',
      table: 'saved_searches',
      fires: 'before insert or update, each row',
      migration: '0027_alert_match_keys.sql',
      feeds: ['saved_searches.match_keys'],
    },
  ],
  queues: [
    {
      table: 'alert_work',
      migration: '0025_alerts.sql',
      worker: 'server/src/alerts/matcher.ts',
      effect:
        "claims a batch, writes its alerts (saved searches' new matches, saved cars' price " +
        'drops and sales) as notifications, deletes the rows',
    },
    {
      table: 'notifications',
      migration: '0025_alerts.sql',
      worker: 'server/src/alerts/digest.ts',
      effect:
        "once a day, the alerts to be mailed in a digest (mail = 'digest', no digest_id yet) " +
        'go into one outbox row per account',
    },
  ],
  channels: [],
};
