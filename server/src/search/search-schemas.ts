/** The TypeBox schemas of the catalogue's calls: search, facets, a car's page, a car's changes. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { NEXT_CURSOR_HEADER } from '../platform/http/page-headers';
import { SEARCH_SORTS } from './search-types';
import { FairPrice, MarketValue } from '../valuation/market-value-schemas';
import { QueryInteger } from '../platform/http/paging';
import {
  priceHistoryField,
  priceHistorySchemas,
  priceNewsFields,
} from '../cars/price-history-schemas';
import { VehicleFilterQuery } from './vehicle-filters';
import {
  ImageUrl,
  LIMITS,
  NumberOrNumericString,
  OptionalImageUrl,
  SingleLine,
  Text,
} from '../platform/http/schemas';
import { ZipField, Condition, PhotoList, MAX_PHOTOS } from '../cars/car-schemas';
import { vehicleBodyFields } from '../cars/vehicle-schemas';
import { DealerProfile, NullableDealer, SellerType } from '../accounts/dealer-schemas';

/** The radii a search within a distance of a ZIP code may take, in miles. */
export const RADIUS_MILES = [10, 25, 50, 100, 200, 500] as const;

/** Search pages: at most this many cars, 24 by default. */
export const SEARCH_MAX_PAGE = 48;
export const SEARCH_DEFAULT_PAGE = 24;

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
  [
    Type.Ref('Product'),
    Type.Object({
      photos: Photos,
      fairPrice: NullableFairPrice,
      sellerType: SellerType,
      ...priceNewsFields,
      distanceMiles: Type.Optional(
        Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
          description:
            'with `zip`: miles from its place to the car, one decimal; null: the car has no place',
        }),
      ),
    }),
  ],
  { $id: 'SearchProduct', title: 'SearchProduct' },
);

export const SellerSummary = Type.Object(
  {
    name: Type.String(),
    photo: Type.String({ description: 'photo URL (may be empty)' }),
    verified: Type.Boolean({ description: 'an admin has verified this seller' }),
    memberSince: Type.String({ description: 'when the account was made (ISO date-time)' }),
    carsSold: Type.Integer({ minimum: 0 }),
    sellerType: SellerType,
    dealer: NullableDealer,
  },
  { $id: 'SellerSummary', title: 'SellerSummary' },
);

export const CarDetails = Type.Intersect(
  [
    Type.Ref('Product'),
    Type.Object({
      photos: Photos,
      fairPrice: Type.Union([Type.Ref('FairPrice'), Type.Null()], {
        description: 'null when not rated (see FairPrice), and for a sold car',
      }),
      marketValue: Type.Union([Type.Ref('MarketValue'), Type.Null()], {
        description: 'null until the next refresh values the car, when it cannot, and when sold',
      }),
      sellerType: SellerType,
      seller: Type.Ref('SellerSummary'),
      photosCopies: PhotosCopies,
      ...priceNewsFields,
      ...priceHistoryField,
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
    sellerType: Type.Record(Type.String(), Type.Integer(), {
      description:
        "cars of dealers ('dealer') and of private sellers ('private'): every filter applied " +
        'except sellerType',
    }),
    price: Type.Union([Type.Object({ min: Type.Number(), max: Type.Number() }), Type.Null()], {
      description: 'the selling prices of the matching cars (every filter); null: none match',
    }),
    years: Range,
    model: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per model: every filter applied except model (so the chosen makes)',
    }),
    fuel: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per fuel: every filter applied except fuel',
    }),
    transmission: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per transmission: every filter applied except transmission',
    }),
    bodyStyle: Type.Record(Type.String(), Type.Integer(), {
      description: 'cars per body style: every filter applied except bodyStyle',
    }),
    modelYear: Type.Union(
      [Type.Object({ min: Type.Integer(), max: Type.Integer() }), Type.Null()],
      {
        description: 'the model years of the matching cars (every filter); null: none known',
      },
    ),
    mileage: Type.Union([Type.Object({ min: Type.Integer(), max: Type.Integer() }), Type.Null()], {
      description: 'the mileages of the matching cars (every filter); null: none known',
    }),
    countsExact: Type.Boolean({
      description:
        'false when more cars match than a search ranks (5,000): the counts are then ' +
        'estimates, two significant figures, and the ranges those of the cars counted',
    }),
    distanceBands: Type.Optional(
      Type.Record(Type.String(), Type.Integer(), {
        description:
          `with zip: the cars within each radius (${RADIUS_MILES.join(', ')} miles), every ` +
          'other filter applied',
      }),
    ),
    distanceBandsAtLeast: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'the radii whose band holds more cars than a search ranks (5,000): their number in ' +
          'distanceBands is then that many, a lower bound (the cars read nearest first)',
      }),
    ),
    ignoredWords: Type.Array(Type.String(), {
      description:
        'the words of q left out because no car has them, when the words match no car ' +
        "together ('red tesla': ['red'], the Teslas counted); empty otherwise",
    }),
  },
  {
    $id: 'SearchFacets',
    title: 'SearchFacets',
    description:
      'Counts for a filter panel: each facet counts the cars matching every other filter, so ' +
      'picking another value of the same facet adds to the answer, as filter panels do.',
  },
);

export const searchSchemas = [
  ...priceHistorySchemas,
  FairPrice,
  MarketValue,
  SearchProduct,
  DealerProfile,
  SellerSummary,
  CarDetails,
  SearchFacets,
];

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
  'newest, relevance, price_asc, price_desc, deal, mileage_asc, year_desc or distance (with ' +
  'zip; default: relevance with q, else newest)';
export const SORTS_EXPLAINED =
  'Sorts: newest is the default without q, relevance the default with q (words matched, weighted ' +
  'name and category, then location, then description, plus how closely a misspelt word ' +
  "matches); deal ranks by the price over the car's market value (the ratio its fairPrice " +
  'rates), best deals first, cars without a rating last; mileage_asc lowest mileage first, ' +
  'year_desc newest model year first (unknown mileages and model years last); distance ' +
  '(with zip) nearest first, ties newest first, cars without a place last';

export const SearchFilterQuery = {
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'free text over the name, description, location and category; forgives typos in ' +
        "the name, category and location ('ferari', 'Lamborgini'): none in a word of 1 to 4 " +
        'letters, one in 5 to 8, two in 9 or more; words that match no car are left out when ' +
        'the words match none together; web-search syntax: "a phrase", -word, or',
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
  sellerType: Type.Optional(
    Type.Union([Type.Literal('dealer'), Type.Literal('private')], {
      description:
        "'dealer' or 'private': only the cars of sellers with a dealer profile, or only those " +
        'of private sellers (absent: both)',
    }),
  ),
  seller: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      description: "a seller's account id: only that seller's cars (the seller page's list)",
    }),
  ),
  ...VehicleFilterQuery,
  zip: Type.Optional(
    Type.String({
      maxLength: 10,
      description:
        'where the buyer is: a five-digit US ZIP code; every car carries distanceMiles from it. ' +
        "Not five digits or unknown: 400 'zip: no such US ZIP code'",
    }),
  ),
  radius: Type.Optional(
    QueryInteger(
      1,
      RADIUS_MILES[RADIUS_MILES.length - 1]!,
      `with zip: only cars within this many miles: ${RADIUS_MILES.join(', ')} (absent: any distance)`,
    ),
  ),
};
export const FacetsQuery = Type.Object(SearchFilterQuery);
export const SearchQuery = Type.Object({
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

export type FilterQuery = Static<typeof FacetsQuery>;

/** The fields a seller may change (any of the add-product body's, and the photos). */
export const ProductChangesBody = Type.Object(
  {
    carName: Type.Optional(SingleLine(LIMITS.carName)),
    carPhoto: Type.Optional(ImageUrl),
    photos: Type.Optional(PhotoList),
    categoryName: Type.Optional(SingleLine(LIMITS.categoryName)),
    condition: Type.Optional(Condition),
    originalPrice: Type.Optional(NumberOrNumericString(LIMITS.maxCarPrice)),
    resalePrice: Type.Optional(NumberOrNumericString(LIMITS.maxCarPrice)),
    productLocation: Type.Optional(SingleLine(LIMITS.location)),
    zip: ZipField,
    userYears: Type.Optional(NumberOrNumericString(LIMITS.maxYears)),
    postTime: Type.Optional(SingleLine(LIMITS.postTime)),
    productDescription: Type.Optional(Text(LIMITS.description)),
    sellerName: Type.Optional(SingleLine(LIMITS.name)),
    sellerPhoto: Type.Optional(OptionalImageUrl('an http(s) URL, a path on this origin, or empty')),
    ...vehicleBodyFields,
  },
  { additionalProperties: false, minProperties: 1 },
);
