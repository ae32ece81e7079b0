/**
 * The catalogue's calls: search (GET /products), its facets, a car's page and a seller's
 * changes to a car; their schemas are in search-schemas.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sendCatalogue } from '../platform/cache/catalogue-answers';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { checkCarPhotos, type CarPhotoOrigins } from '../cars/car-photos';
import {
  IGNORED_WORDS_HEADER,
  NEXT_CURSOR_HEADER,
  TOTAL_EXACT_HEADER,
  TOTAL_HEADER,
} from '../platform/http/page-headers';
import type { ProductChanges } from '../cars/product-writes-repository';
import { EXACT_TOTALS, SEARCH_CANDIDATES } from './search-repository';
import { NEAR_TEXT_CANDIDATES } from './search-query';
import type { SearchSort } from './search-types';
import { ownedProduct, sameVinOnce } from '../cars/owned-products';
import { LISTING_REMOVED, mayReadHidden } from '../cars/hidden-cars';
import { vehicleValues } from '../cars/vehicle-schemas';
import { queryInteger } from '../platform/http/paging';
import type { RoutesApp } from '../platform/http/routes-app';
import {
  FacetsQuery,
  ProductChangesBody,
  SEARCH_DEFAULT_PAGE,
  SEARCH_MAX_PAGE,
  SearchQuery,
  SORTS_EXPLAINED,
} from './search-schemas';
import { MAX_PHOTOS } from '../cars/car-schemas';
import { carPlaceOf } from '../cars/car-place';
import { filtersKey, searchFiltersOf } from './search-params';
import { withSearchErrors } from './search-text';
import {
  ACCESS_TOKEN,
  errors,
  Id,
  LIMITS,
  OPTIONAL_ACCESS_TOKEN,
  toNumber,
} from '../platform/http/schemas';
import type { CarChecks } from '../cars/car-checks';

export interface SearchRoutesOptions {
  /** Where a car's photos may come from. */
  photoOrigins: CarPhotoOrigins;
  /** What is checked of a car posted or edited (a new seller's hold, the automatic flags). */
  checks: CarChecks;
}

/**
 * A car as GET /products/{id} answers it: photos' copies, its price history; 404: none. Read
 * through `repos`: the catalogue's read handle for GET, the primary after a seller's change.
 */
async function carAnswer(app: RoutesApp, id: string, repos = app.readRepos) {
  const [car, history] = await Promise.all([repos.search.car(id), repos.priceHistory.ofCar(id)]);
  if (!car || !history) throw httpError(404, 'id: no such product');
  const [withCopies] = await app.photoCopies.addTo([car], 'carPhoto');
  const [withAll] = await app.photoCopies.addToPhotos([withCopies!]);
  return { ...withAll!, ...history };
}

/** The search: one page of cars, and the counts of its filters. */
function searchListRoutes(app: RoutesApp): void {
  app.get(
    '/products',
    {
      schema: {
        operationId: 'searchProducts',
        tags: ['catalogue'],
        summary: 'Searches the cars for sale (open to anyone)',
        description:
          'Filters combine with AND; the values of one repeated filter (category, condition) ' +
          'with OR. Sold cars never appear. One page of `limit` cars; the total matching is in ' +
          `\`${TOTAL_HEADER}\`, the next page's cursor (when there is one) in ` +
          `\`${NEXT_CURSOR_HEADER}\`: pass it back as \`cursor\` with the same filters and sort. ` +
          `\`${TOTAL_EXACT_HEADER}\` says whether the total is exact: free text ranks or sorts ` +
          `at most the first ${SEARCH_CANDIDATES.toLocaleString('en-US')} matches it reads ` +
          `(by relevance within a radius, the ${NEAR_TEXT_CANDIDATES.toLocaleString('en-US')} ` +
          'nearest the centre, with any at the same distance as the last), and ' +
          'a total that is not a sum of kept counts (make and condition only) is counted up to ' +
          `${EXACT_TOTALS.toLocaleString('en-US')} cars (free text: up to the matches it ranks); ` +
          'past them it is an estimate to two significant figures ' +
          `(\`false\`). \`${IGNORED_WORDS_HEADER}\`: the words of q left out because no car has ` +
          'them, when the words match no car together (each URI-encoded, space-separated). ' +
          'newest, price and deal sorts page by keyset (constant time at any depth); relevance ' +
          'carries an offset inside its cursor. Each car has its photos and its fair price ' +
          "(the cover's copies as carPhotoCopies; a car's page lists every photo's). " +
          SORTS_EXPLAINED +
          ". The deal sort and the fairPrice read each car's stored market value and ratio, " +
          'refreshed about 5 s after a catalogue change (a car posted since has no fairPrice ' +
          'and comes last until then; at most 30 s whatever happens).',
        querystring: SearchQuery,
        response: { 200: Type.Array(Type.Ref('SearchProduct')), ...errors(400) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const filters = await searchFiltersOf(app, query);
      const limit = queryInteger('limit', query.limit, 1, SEARCH_MAX_PAGE) ?? SEARCH_DEFAULT_PAGE;
      if (query.sort === 'distance' && !filters.near) {
        throw httpError(400, 'sort: distance needs zip');
      }
      const sort: SearchSort = query.sort ?? (filters.q ? 'relevance' : 'newest');
      const key = `search:${filtersKey(filters)}|${sort}|${limit}|${query.cursor ?? ''}`;
      return sendCatalogue(app, reply, key, async () => {
        const page = await withSearchErrors(() =>
          app.readRepos.search.search({ ...filters, sort, limit, cursor: query.cursor }),
        );
        const cards = await app.readRepos.priceHistory.addNews(page.rows);
        return { body: await app.photoCopies.addTo(cards, 'carPhoto'), page };
      });
    },
  );

  app.get(
    '/products/facets',
    {
      schema: {
        operationId: 'getSearchFacets',
        tags: ['catalogue'],
        summary: 'Counts of the cars for sale by category and condition, and their ranges',
        description:
          'The same filters as GET /products. The category counts apply every filter except ' +
          'category, the condition counts every filter except condition (as filter panels ' +
          'do); price and years are the ranges of the cars matching every filter.',
        querystring: FacetsQuery,
        response: { 200: Type.Ref('SearchFacets'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const filters = await searchFiltersOf(app, request.query);
      return sendCatalogue(app, reply, `facets:${filtersKey(filters)}`, async () => ({
        body: await withSearchErrors(() => app.readRepos.search.facets(filters)),
      }));
    },
  );
}

/** A car's page, hidden cars only to their owner and the admins. */
function carPageRoute(app: RoutesApp): void {
  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        tags: ['catalogue'],
        summary: 'One car with its photos, its seller and its fair price (open to anyone)',
        description:
          "A sold car answers too, with `sold: true` (its page says 'Sold') and no fair price. " +
          "A hidden car (by a moderator, with its seller's suspension, or pending approval) " +
          "answers 410 'This listing was removed', except to its owner and the admins (with " +
          'their access token), who get it with `moderation` and no fair price.',
        security: OPTIONAL_ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('CarDetails'), ...errors(400, 404, 410) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      type Car = Awaited<ReturnType<typeof carAnswer>>;
      const hidden: { car?: Car } = {};
      const sent = await sendCatalogue(app, reply, `car:${id}`, async () => {
        const car = await carAnswer(app, id);
        // Never cached: who asks decides the answer.
        if (car.moderation) throw Object.assign(new Error('hidden'), { hiddenCar: car });
        return { body: car };
      }).catch((error: unknown) => {
        const car = (error as { hiddenCar?: Car }).hiddenCar;
        if (!car) throw error;
        hidden.car = car;
        return null;
      });
      if (sent || !hidden.car) return sent;
      const car = hidden.car;
      if (!(await mayReadHidden(app, request, car.email))) throw httpError(410, LISTING_REMOVED);
      return reply.header('cache-control', 'private, no-store').send(car);
    },
  );
}

/** A seller changes one of their cars, checked again for the automatic flags. */
function carChangesRoute(app: RoutesApp, options: SearchRoutesOptions): void {
  app.patch(
    '/products/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'updateProduct',
        tags: ['seller'],
        summary: "Changes one of the caller's cars for sale (its seller only)",
        description:
          'Any of the add-product fields, and `photos` (1 to 10, the cover first). With ' +
          '`photos`, `carPhoto` becomes photos[0] (a different carPhoto in the same body is a ' +
          '400); `carPhoto` alone replaces the cover, photos[0]. Another seller’s car: 403; ' +
          'unknown: 404; sold: 409. The vehicle fields as in POST /category (null clears one); ' +
          "a VIN the caller has on another car for sale: 409 'You already listed this car'. " +
          'Answers the car as GET /products/{id} does. Limited per account and per address ' +
          '(RATE_LIMIT_CAR_EDITS a minute, RATE_LIMIT_CAR_EDITS_DAY a day): 429.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: ProductChangesBody,
        response: { 200: Type.Ref('CarDetails'), ...errors(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const product = await ownedProduct(app, request, id);
      if (product.sold) throw httpError(409, 'This car has been sold');
      const body = request.body;
      const changes: ProductChanges = {};
      for (const field of [
        'carName',
        'productLocation',
        'postTime',
        'productDescription',
        'sellerName',
      ] as const) {
        const value = body[field];
        if (value !== undefined) changes[field] = value.trim();
      }
      if (body.condition !== undefined) changes.condition = body.condition;
      // A location sent unchanged (the edit form sends every field) keeps the car's place.
      const location = changes.productLocation;
      const place = await carPlaceOf(app, {
        zip: body.zip,
        productLocation: location === product.productLocation ? undefined : location,
      });
      Object.assign(changes, place, vehicleValues(body));
      if (body.sellerPhoto !== undefined) changes.sellerPhoto = body.sellerPhoto ?? '';
      for (const field of ['originalPrice', 'resalePrice', 'userYears'] as const) {
        const raw = body[field] as number | string | undefined;
        if (raw === undefined) continue;
        const max = field === 'userYears' ? LIMITS.maxYears : LIMITS.maxCarPrice;
        const value = toNumber(raw, max);
        if (value === null) throw httpError(400, `${field}: must be a number from 0 to ${max}`);
        changes[field] = value;
      }
      if (body.categoryName !== undefined) {
        const name = await app.repos.products.categoryName(body.categoryName);
        if (!name) throw httpError(400, 'categoryName: no such category');
        changes.categoryName = name;
      }
      checkCarPhotos(body, options.photoOrigins);
      if (body.photos !== undefined) {
        if (body.carPhoto !== undefined && body.carPhoto !== body.photos[0]) {
          throw httpError(400, 'carPhoto: must be photos[0] (the cover) when photos are sent');
        }
        changes.photos = body.photos;
        changes.carPhoto = body.photos[0];
      } else if (body.carPhoto !== undefined) {
        const photos = (await app.repos.products.photosOf(id)) ?? [];
        const rest = photos.slice(1).filter((url) => url !== body.carPhoto);
        changes.photos = [body.carPhoto, ...rest].slice(0, MAX_PHOTOS);
        changes.carPhoto = body.carPhoto;
      }
      if (Object.keys(changes).length === 0) {
        throw httpError(400, 'body: names no field to change');
      }
      const updated = await sameVinOnce(() => app.repos.products.update(id, changes));
      if (!updated) {
        const now = await app.repos.products.findById(id);
        if (!now) throw httpError(404, 'id: no such product');
        throw httpError(409, 'This car has been sold');
      }
      await options.checks.afterWrite(id, request.log);
      // The car as just written: from the primary (a standby may not have replayed it yet).
      return carAnswer(app, id, app.repos);
    },
  );
}

const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, options) => {
  searchListRoutes(app);
  carPageRoute(app);
  carChangesRoute(app, options);
};

export default searchRoutes;
