import type { Db } from './platform/db/client';
import { placesRepository } from './places/places';
import { localCarsRepository } from './pages/local-cars';
import { alertSettingsRepository } from './alerts/alert-settings-repository';
import { priceHistoryRepository } from './cars/price-history';
import { catalogueReplicasRepository } from './platform/cache/catalogue-replicas-repository';
import { CursorCodec } from './platform/http/cursors';
import { categoriesRepository } from './cars/categories-repository';
import { notificationsRepository } from './bookings/notifications-repository';
import { ordersRepository } from './bookings/orders-repository';
import { productsRepository } from './cars/products-repository';
import { searchRepository } from './search/search-repository';
import type { MarketTrust } from './valuation/market-trust';
import { rateLimitsRepository } from './platform/http/rate-limits-repository';
import { listingActions } from './trust/listing-actions';
import { reportFileRepository } from './trust/report-file';
import { reportQueueRepository } from './trust/report-queue';
import { reportsRepository } from './trust/reports-repository';
import { savedCarsRepository } from './alerts/saved-cars-repository';
import { sitemapRangesRepository } from './pages/sitemap-ranges-repository';
import { savedSearchesRepository } from './alerts/saved-searches-repository';
import { usersRepository } from './accounts/users-repository';
import { dealerProfilesRepository } from './accounts/dealer-profiles';
import { accountCodesRepository } from './accounts/account-codes';
import { reviewsRepository } from './trust/reviews-repository';
import { sellerProfiles } from './trust/seller-profiles';
import { valueRepository } from './valuation/value-repository';
import { MarketFitsCache } from './valuation/market-fits-cache';

export interface RepositoryOptions {
  /** Signs the paging cursors (the server's secret, shared by its replicas); absent: random. */
  cursorSecret?: string;
  /** The most matches of free text a search ranks or sorts (default SEARCH_CANDIDATES). */
  searchCandidates?: number;
  /** The most cars a search's total counts exactly (default EXACT_TOTALS). */
  searchExactTotals?: number;
  /** How the market values weigh sellers (default DEFAULT_MARKET_TRUST). */
  marketTrust?: MarketTrust;
  /**
   * The valuation's fits kept in memory, cleared by the market refresh: one for the primary's
   * repositories and the read handle's (default: a cache of these repositories' own).
   */
  marketFits?: MarketFitsCache;
}

/** The data access the routes use; handlers never build SQL themselves. */
export function repositories(db: Db, options: RepositoryOptions = {}) {
  const cursors = new CursorCodec(options.cursorSecret);
  const marketFits = options.marketFits ?? new MarketFitsCache();
  return {
    users: usersRepository(db),
    accountCodes: accountCodesRepository(db),
    products: productsRepository(db, cursors),
    categories: categoriesRepository(db),
    search: searchRepository(db, cursors, {
      candidates: options.searchCandidates,
      exactTotals: options.searchExactTotals,
      marketTrust: options.marketTrust,
      marketFits,
    }),
    priceHistory: priceHistoryRepository(db),
    orders: ordersRepository(db),
    notifications: notificationsRepository(db),
    catalogueReplicas: catalogueReplicasRepository(db),
    rateLimits: rateLimitsRepository(db),
    sitemapRanges: sitemapRangesRepository(db),
    savedCars: savedCarsRepository(db),
    savedSearches: savedSearchesRepository(db),
    alertSettings: alertSettingsRepository(db),
    reports: reportsRepository(db),
    reportQueue: reportQueueRepository(db),
    reportFiles: reportFileRepository(db),
    reviews: reviewsRepository(db, cursors),
    sellers: sellerProfiles(db),
    listingActions: listingActions(db),
    places: placesRepository(db),
    localCars: localCarsRepository(db),
    values: valueRepository(db, marketFits),
    dealers: dealerProfilesRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;
