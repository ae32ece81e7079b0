import type { Db } from '../client';
import { alertSettingsRepository } from './alert-settings-repository';
import { priceHistoryRepository } from '../../catalogue/price-history';
import { catalogueReplicasRepository } from './catalogue-replicas-repository';
import { CursorCodec } from '../../catalogue/cursors';
import { categoriesRepository } from './categories-repository';
import { notificationsRepository } from './notifications-repository';
import { ordersRepository } from './orders-repository';
import { productsRepository } from './products-repository';
import { searchRepository } from '../../catalogue/search-repository';
import type { MarketTrust } from '../../catalogue/market-trust';
import { rateLimitsRepository } from './rate-limits-repository';
import { listingActions } from '../../trust/listing-actions';
import { reportFileRepository } from '../../trust/report-file';
import { reportQueueRepository } from '../../trust/report-queue';
import { reportsRepository } from '../../trust/reports-repository';
import { savedCarsRepository } from './saved-cars-repository';
import { sitemapRangesRepository } from './sitemap-ranges-repository';
import { savedSearchesRepository } from './saved-searches-repository';
import { usersRepository } from './users-repository';
import { reviewsRepository } from '../../trust/reviews-repository';
import { sellerProfiles } from '../../trust/seller-profiles';

export interface RepositoryOptions {
  /** Signs the paging cursors (the server's secret, shared by its replicas); absent: random. */
  cursorSecret?: string;
  /** The most matches of free text a search ranks or sorts (default SEARCH_CANDIDATES). */
  searchCandidates?: number;
  /** The most cars a search's total counts exactly (default EXACT_TOTALS). */
  searchExactTotals?: number;
  /** How the market values weigh sellers (default DEFAULT_MARKET_TRUST). */
  marketTrust?: MarketTrust;
}

/** The data access the routes use; handlers never build SQL themselves. */
export function repositories(db: Db, options: RepositoryOptions = {}) {
  const cursors = new CursorCodec(options.cursorSecret);
  return {
    users: usersRepository(db),
    products: productsRepository(db, cursors),
    categories: categoriesRepository(db),
    search: searchRepository(db, cursors, {
      candidates: options.searchCandidates,
      exactTotals: options.searchExactTotals,
      marketTrust: options.marketTrust,
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
  };
}

export type Repositories = ReturnType<typeof repositories>;
