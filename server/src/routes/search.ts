import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { sendCatalogue } from '../http/catalogue-answers';
import { CATALOGUE_WRITE } from '../http/catalogue-sync';
import { httpError } from '../http/errors';
import { checkCarPhotos, type CarPhotoOrigins } from './car-photos';
import { NEXT_CURSOR_HEADER, TOTAL_HEADER } from '../http/page-headers';
import type { ProductChanges } from '../db/repositories/products-repository';
import {
  COMPARABLE_YEARS,
  FAIR_PRICE_RATINGS,
  MIN_COMPARABLES,
  SEARCH_SORTS,
  type SearchFilters,
  type SearchSort,
} from '../db/repositories/search-repository';
import { ownedProduct } from './owned-products';
import { queryInteger, QueryInteger } from './paging';
import { checkSearchText, withSearchErrors } from './search-text';
import {
  ACCESS_TOKEN,
  Condition,
  errors,
  Id,
  ImageUrl,
  LIMITS,
  NumberOrNumericString,
  OptionalImageUrl,
  SingleLine,
  Text,
  toNumber,
} from './schemas';

/** Search pages: at most this many cars, 24 by default. */
export const SEARCH_MAX_PAGE = 48;
export const SEARCH_DEFAULT_PAGE = 24;
/** A car has 1 to 10 photos. */
export const MAX_PHOTOS = 10;

export const FairPrice = Type.Object(
  {
    rating: Type.Union(
      FAIR_PRICE_RATINGS.map((r) => Type.Literal(r)),
      {
        description:
          "against the comparables' quartiles: 'great' below the first, 'good' up to the median, " +
          "'fair' up to the third, 'high' above it",
      },
    ),
    median: Type.Number({ description: "the comparables' median selling price" }),
    comparables: Type.Integer({ minimum: MIN_COMPARABLES, description: 'how many were compared' }),
  },
  {
    $id: 'FairPrice',
    title: 'FairPrice',
    description:
      `How the price compares with the comparables: cars for sale of the same category and ` +
      `condition whose years used are within ±${COMPARABLE_YEARS}, the seller's own cars left ` +
      `out. Computed when asked; null (in the answers) with fewer than ${MIN_COMPARABLES}.`,
  },
);

const Photos = Type.Array(Type.String(), {
  minItems: 1,
  maxItems: MAX_PHOTOS,
  description: 'every photo of the car, the cover (carPhoto) first',
});
const NullableFairPrice = Type.Union([Type.Ref('FairPrice'), Type.Null()]);
const PhotosCopies = Type.Array(Type.Array(Type.Ref('PhotoCopy')), {
  description:
    'for each of `photos`, in order, its smaller WebP copies, narrowest first, with their true ' +
    'sizes (160 and 640 px, and 1600 px for full screen of a photo wider than 640 px, each never ' +
    "wider than the photo); an empty list for a photo not stored on this API's image host",
});

export const SearchProduct = Type.Intersect(
  [Type.Ref('Product'), Type.Object({ photos: Photos, fairPrice: NullableFairPrice })],
  { $id: 'SearchProduct', title: 'SearchProduct' },
);

export const SellerSummary = Type.Object(
  {
    name: Type.String(),
    photo: Type.String({ description: 'photo URL (may be empty)' }),
    verified: Type.Boolean({ description: 'an admin has verified this seller' }),
    memberSince: Type.String({ description: 'when the account was made (ISO date-time)' }),
    carsSold: Type.Integer({ minimum: 0 }),
  },
  { $id: 'SellerSummary', title: 'SellerSummary' },
);

export const CarDetails = Type.Intersect(
  [
    Type.Ref('Product'),
    Type.Object({
      photos: Photos,
      fairPrice: Type.Union([Type.Ref('FairPrice'), Type.Null()], {
        description: 'null with too few comparables, and for a sold car',
      }),
      seller: Type.Ref('SellerSummary'),
      photosCopies: PhotosCopies,
    }),
  ],
  { $id: 'CarDetails', title: 'CarDetails' },
);

const Range = Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()]);
export const SearchFacets = Type.Object(
  {
    category: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per category: every filter applied except category',
    }),
    condition: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per condition: every filter applied except condition',
    }),
    price: Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()], {
      description: 'the selling prices of the matching cars (every filter); null: none match',
    }),
    years: Range,
  },
  {
    $id: 'SearchFacets',
    title: 'SearchFacets',
    description:
      'Counts for a filter panel: each facet counts the cars matching every other filter, so ' +
      'picking another value of the same facet adds to the answer, as filter panels do.',
  },
);

export const searchSchemas = [FairPrice, SearchProduct, SellerSummary, CarDetails, SearchFacets];

/** A number in the query string (text from 0 to `maximum`; the generated client may pass one). */
function QueryNumber(maximum: number, description: string): TSchema {
  return Type.Union(
    [
      Type.Number({ minimum: 0, maximum }),
      Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$', maxLength: 17 }),
    ],
    { description: `a number from 0 to ${maximum} (${description})` },
  );
}

/** One value or the same key repeated (`?category=BMW&category=Tesla` arrives as an array). */
function OneOrMany(item: TSchema, maxItems: number, description: string): TSchema {
  return Type.Union([item, Type.Array(item, { minItems: 1, maxItems })], { description });
}

const SORT_DESCRIPTION =
  'newest, relevance, price_asc, price_desc or deal (default: relevance with q, else newest)';
const SORTS_EXPLAINED =
  'Sorts: newest is the default without q, relevance the default with q (words matched, weighted ' +
  'name and category, then location, then description, plus how closely a misspelt word ' +
  'matches); deal ranks by the price over the median price of the cars of ' +
  'its category and condition with years used within ±2, best deals first, cars with fewer ' +
  'than 5 such cars last';

const SearchFilterQuery = {
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'free text over the name, description, location and category; forgives typos in ' +
        "the name, category and location ('ferari', 'Lamborgini'); web-search syntax: " +
        '"a phrase", -word, or',
    }),
  ),
  category: Type.Optional(
    OneOrMany(
      Text(LIMITS.categoryName),
      20,
      'category name(s), any of them (case-insensitive; repeat the key for more than one)',
    ),
  ),
  condition: Type.Optional(
    OneOrMany(Condition, 3, 'Excellent, Good or Fair, any of them (repeat the key for more)'),
  ),
  minPrice: Type.Optional(QueryNumber(LIMITS.maxPrice, 'the lowest selling price (resalePrice)')),
  maxPrice: Type.Optional(QueryNumber(LIMITS.maxPrice, 'the highest selling price (resalePrice)')),
  minYears: Type.Optional(QueryNumber(LIMITS.maxYears, 'the fewest years used (userYears)')),
  maxYears: Type.Optional(QueryNumber(LIMITS.maxYears, 'the most years used (userYears)')),
  location: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: LIMITS.location,
      description: 'a part of the location, case-insensitive',
    }),
  ),
  verified: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()], {
      description: 'true: only cars of verified sellers',
    }),
  ),
};
const FacetsQuery = Type.Object(SearchFilterQuery);
const SearchQuery = Type.Object({
  ...SearchFilterQuery,
  sort: Type.Optional(
    Type.Union(
      SEARCH_SORTS.map((s) => Type.Literal(s)),
      { description: SORT_DESCRIPTION },
    ),
  ),
  limit: Type.Optional(
    QueryInteger(1, SEARCH_MAX_PAGE, `cars per page (default ${SEARCH_DEFAULT_PAGE})`),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 600,
      pattern: '^[A-Za-z0-9_-]+$',
      description: `the ${NEXT_CURSOR_HEADER} of the previous page (same filters and sort)`,
    }),
  ),
});

type FilterQuery = Static<typeof FacetsQuery>;

const PhotoList = Type.Array(ImageUrl, {
  minItems: 1,
  maxItems: MAX_PHOTOS,
  uniqueItems: true,
  description:
    `1 to ${MAX_PHOTOS} photos, the cover first: the image host's \`/image-host/i/…\` or the ` +
    "app's `/images/…`, as paths or on this origin, or photos of the configured outside image " +
    'host (imgbb)',
});

/** The fields a seller may change (any of the add-product body's, and the photos). */
export const ProductChangesBody = Type.Object(
  {
    carName: Type.Optional(SingleLine(LIMITS.carName)),
    carPhoto: Type.Optional(ImageUrl),
    photos: Type.Optional(PhotoList),
    categoryName: Type.Optional(SingleLine(LIMITS.categoryName)),
    condition: Type.Optional(Condition),
    originalPrice: Type.Optional(NumberOrNumericString(LIMITS.maxPrice)),
    resalePrice: Type.Optional(NumberOrNumericString(LIMITS.maxPrice)),
    productLocation: Type.Optional(SingleLine(LIMITS.location)),
    userYears: Type.Optional(NumberOrNumericString(LIMITS.maxYears)),
    postTime: Type.Optional(SingleLine(LIMITS.postTime)),
    productDescription: Type.Optional(Text(LIMITS.description)),
    sellerName: Type.Optional(SingleLine(LIMITS.name)),
    sellerPhoto: Type.Optional(OptionalImageUrl('an http(s) URL, a path on this origin, or empty')),
  },
  { additionalProperties: false, minProperties: 1 },
);
export { PhotoList };

export interface SearchRoutesOptions {
  /** Where a car's photos may come from. */
  photoOrigins: CarPhotoOrigins;
}

/** One value or many, as a list. */
function many<T>(value: T | T[] | undefined): T[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

function queryNumber(field: string, value: unknown, maximum: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0 || number > maximum) {
    throw httpError(400, `${field}: must be a number from 0 to ${maximum}`);
  }
  return number;
}

const searchRoutes: FastifyPluginAsyncTypebox<SearchRoutesOptions> = async (app, options) => {
  /** Category names as stored, by their lower-case spelling (the catalogue cache's). */
  const categoryNames = () =>
    app.catalogueCache.get('category-names', async () => {
      const rows = await app.repos.products.listCategories();
      return new Map(rows.map((row) => [row.categoryName.toLowerCase(), row.categoryName]));
    });

  /** The filters of a query, checked: a bad value is a 400 naming its parameter. */
  async function filtersOf(query: FilterQuery): Promise<SearchFilters> {
    checkSearchText(query.q);
    const filters: SearchFilters = {
      q: query.q?.trim() || undefined,
      conditions: many(query.condition as SearchFilters['conditions'] | undefined),
      minPrice: queryNumber('minPrice', query.minPrice, LIMITS.maxPrice),
      maxPrice: queryNumber('maxPrice', query.maxPrice, LIMITS.maxPrice),
      minYears: queryNumber('minYears', query.minYears, LIMITS.maxYears),
      maxYears: queryNumber('maxYears', query.maxYears, LIMITS.maxYears),
      location: query.location?.trim() || undefined,
      verified: query.verified === true || query.verified === 'true',
    };
    const asked = many(query.category as string | string[] | undefined);
    if (asked) {
      const names = await categoryNames();
      filters.categories = asked.map((name) => {
        const stored = names.get(name.trim().toLowerCase());
        if (!stored) throw httpError(400, `category: no such category '${name}'`);
        return stored;
      });
    }
    const { minPrice, maxPrice, minYears, maxYears } = filters;
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      throw httpError(400, 'minPrice: must not be more than maxPrice');
    }
    if (minYears !== undefined && maxYears !== undefined && minYears > maxYears) {
      throw httpError(400, 'minYears: must not be more than maxYears');
    }
    return filters;
  }

  /** A cache key of the filters (the same filters, spelt differently, share it). */
  const keyOf = (filters: SearchFilters) =>
    JSON.stringify([
      filters.q ?? '',
      [...(filters.categories ?? [])].sort(),
      [...new Set(filters.conditions ?? [])].sort(),
      filters.minPrice ?? null,
      filters.maxPrice ?? null,
      filters.minYears ?? null,
      filters.maxYears ?? null,
      filters.location?.toLowerCase() ?? '',
      filters.verified ?? false,
    ]);

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
          'newest, price and deal sorts page by keyset (constant time at any depth); relevance ' +
          'carries an offset inside its cursor. Each car has its photos and its fair price ' +
          "(the cover's copies as carPhotoCopies; a car's page lists every photo's). " +
          SORTS_EXPLAINED +
          '. The deal sort compares with the median of the car group (category, condition, ' +
          "years used) including the seller's own cars, through each car's stored ratio, " +
          'refreshed about 5 s after a catalogue change (a car posted since comes last until ' +
          'then; at most 30 s whatever happens); the fairPrice shown leaves them out, and is as ' +
          'of the last catalogue change (at most 30 s old).',
        querystring: SearchQuery,
        response: { 200: Type.Array(Type.Ref('SearchProduct')), ...errors(400) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const filters = await filtersOf(query);
      const limit = queryInteger('limit', query.limit, 1, SEARCH_MAX_PAGE) ?? SEARCH_DEFAULT_PAGE;
      const sort: SearchSort = query.sort ?? (filters.q ? 'relevance' : 'newest');
      const key = `search:${keyOf(filters)}|${sort}|${limit}|${query.cursor ?? ''}`;
      return sendCatalogue(app, reply, key, async () => {
        const page = await withSearchErrors(() =>
          app.repos.search.search({ ...filters, sort, limit, cursor: query.cursor }),
        );
        return { body: await app.photoCopies.addTo(page.rows, 'carPhoto'), page };
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
      const filters = await filtersOf(request.query);
      return sendCatalogue(app, reply, `facets:${keyOf(filters)}`, async () => ({
        body: await withSearchErrors(() => app.repos.search.facets(filters)),
      }));
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        tags: ['catalogue'],
        summary: 'One car with its photos, its seller and its fair price (open to anyone)',
        description:
          "A sold car answers too, with `sold: true` (its page says 'Sold') and no fair price.",
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('CarDetails'), ...errors(400, 404) },
      },
    },
    async (request, reply) =>
      sendCatalogue(app, reply, `car:${request.params.id}`, async () => {
        const car = await app.repos.search.car(request.params.id);
        if (!car) throw httpError(404, 'id: no such product');
        const [withCopies] = await app.photoCopies.addTo([car], 'carPhoto');
        const [withAll] = await app.photoCopies.addToPhotos([withCopies!]);
        return { body: withAll };
      }),
  );

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
          'unknown: 404; sold: 409. Answers the car as GET /products/{id} does.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: ProductChangesBody,
        response: { 200: Type.Ref('CarDetails'), ...errors(400, 401, 403, 404, 409, 415) },
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
      if (body.sellerPhoto !== undefined) changes.sellerPhoto = body.sellerPhoto ?? '';
      for (const field of ['originalPrice', 'resalePrice', 'userYears'] as const) {
        const raw = body[field] as number | string | undefined;
        if (raw === undefined) continue;
        const max = field === 'userYears' ? LIMITS.maxYears : LIMITS.maxPrice;
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
      const updated = await app.repos.products.update(id, changes);
      if (!updated) {
        const now = await app.repos.products.findById(id);
        if (!now) throw httpError(404, 'id: no such product');
        throw httpError(409, 'This car has been sold');
      }
      const car = await app.repos.search.car(id);
      if (!car) throw httpError(404, 'id: no such product');
      const [withCopies] = await app.photoCopies.addTo([car], 'carPhoto');
      const [withAll] = await app.photoCopies.addToPhotos([withCopies!]);
      return withAll;
    },
  );
};

export default searchRoutes;
