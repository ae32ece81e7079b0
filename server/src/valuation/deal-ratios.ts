/**
 * Keeps the market values and deal ratios (market_values, market_fits; product_deals, the key
 * `sort=deal` pages by) true within seconds of a catalogue change, on one PostgreSQL shared by
 * several replicas or on PGlite alone.
 *
 * Every replica hears every change (the catalogue cache is cleared on each notice, and a notice
 * arrives only once its change has committed): a change heard marks this replica's ratios dirty,
 * and `delayMs` later it refreshes them (market-refresh.ts through deal-ratio-refresh.ts: one pass, only
 * the rows that changed written). A refresh holds an advisory lock: when another replica's is
 * running, this one tries again `delayMs` later, so each change is in a refresh that began after
 * it committed. Whatever happens to the notices (a listener reconnecting), every `pollMs` a
 * replica also compares the catalogue's change counter with the one the last refresh recorded,
 * and refreshes when it is behind; so does a replica that starts (cars written while none ran).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { followCatalogue } from '../platform/events/after-catalogue-changes';

export interface DealRatiosOptions {
  /** How long after a change the ratios are refreshed (ms). */
  delayMs: number;
  /** How often the change counter is checked whatever the notices say (ms). */
  pollMs: number;
}

/** Default delay after a change: a burst of changes costs one refresh. */
export const DEAL_REFRESH_DELAY_MS = 5_000;
/** Default check of the change counter. */
export const DEAL_REFRESH_POLL_MS = 30_000;

const dealRatios: FastifyPluginAsync<DealRatiosOptions> = async (app, options) => {
  const search = app.repos.search;
  followCatalogue(app, {
    ...options,
    due: () => search.dealsBehind(),
    // false: another replica's refresh holds the lock.
    work: () => search.refreshDeals(),
    failure: 'deal ratios not refreshed',
    name: 'deal-ratios',
  });
};

export default fp(dealRatios, { name: 'deal-ratios', dependencies: ['catalogue-sync'] });
