import type { DomainEffects } from '../platform/effects';

/**
 * What the valuation's background refresh reads: which makes' market values are out of date
 * (every write to a car, a seller's verification and a sale count a change of their makes) and
 * the catalogue change its last refresh began after; every new car gets its deal-ratio row, last
 * in the deal order until the next refresh rates it. The refresh is woken by the catalogue's
 * notices through the catalogue cache (platform/effects.ts).
 */
export const valuationEffects: DomainEffects = {
  triggers: [
    {
      name: 'product_deals_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0010_deal_ratios.sql',
      feeds: ['product_deals'],
    },
    {
      name: 'products_market_make_insert',
      table: 'products',
      fires: 'after insert, each statement',
      migration: '0032_market_make_changes.sql',
      feeds: ['market_make_changes'],
    },
    {
      name: 'products_market_make_update',
      table: 'products',
      fires: 'after update, each statement',
      migration: '0032_market_make_changes.sql',
      feeds: ['market_make_changes'],
    },
    {
      name: 'products_market_make_delete',
      table: 'products',
      fires: 'after delete, each statement',
      migration: '0032_market_make_changes.sql',
      feeds: ['market_make_changes'],
    },
    {
      name: 'users_market_verified',
      table: 'users',
      fires: 'after update, each row',
      migration: '0034_market_trust.sql',
      feeds: ['market_make_changes'],
    },
    {
      name: 'orders_market_sold',
      table: 'orders',
      fires: 'after update, each row',
      migration: '0034_market_trust.sql',
      feeds: ['market_make_changes'],
    },
  ],
  queues: [
    {
      table: 'market_make_changes',
      migration: '0032_market_make_changes.sql',
      worker: 'server/src/valuation/market-refresh.ts',
      effect:
        'values again the makes whose change count moved since market_make_refreshed recorded ' +
        'it: their fits, market values and deal ratios',
    },
    {
      table: 'deal_ratios_state',
      migration: '0010_deal_ratios.sql',
      worker: 'server/src/valuation/deal-ratio-refresh.ts',
      effect:
        'a refresh is due when the catalogue_change sequence is past the change the last ' +
        'refresh recorded here',
    },
  ],
  channels: [],
};
