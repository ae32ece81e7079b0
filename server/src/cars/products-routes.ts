import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sendCatalogue } from '../platform/cache/catalogue-answers';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { NEXT_CURSOR_HEADER } from '../platform/http/page-headers';
import { ownedProduct, sameVinOnce, sellerOf } from './owned-products';
import { checkCarPhotos, type CarPhotoOrigins } from './car-photos';
import type { RoutesApp } from '../platform/http/routes-app';
import { PhotoList } from './car-schemas';
import { normaliseEmail } from '../platform/db/ids';
import { LIST_CAPS, PRODUCT_SORTS } from './products-repository';
import { vehicleBodyFields, vehicleValues } from './vehicle-schemas';
import {
  MAX_OFFSET,
  MAX_PAGE,
  Order,
  PAGING_DESCRIPTION,
  QueryInteger,
  queryInteger,
  Sort,
  withCursorErrors,
} from '../platform/http/paging';
import {
  ACCESS_TOKEN,
  Email,
  errors,
  Id,
  ImageUrl,
  LIMITS,
  NumberOrNumericString,
  OptionalImageUrl,
  SingleLine,
  Text,
  toNumber,
} from '../platform/http/schemas';
import { Condition, ZipField } from './car-schemas';
import type { CarChecks } from './car-checks';
import { PENDING_REVIEW } from './car-checks';
import { carPlaceOf } from './car-place';

const NewProductBody = Type.Object(
  {
    carName: SingleLine(LIMITS.carName),
    carPhoto: ImageUrl,
    photos: Type.Optional(PhotoList),
    categoryName: SingleLine(LIMITS.categoryName, 'one of the categories (GET /categories)'),
    condition: Condition,
    originalPrice: NumberOrNumericString(LIMITS.maxCarPrice),
    resalePrice: NumberOrNumericString(LIMITS.maxCarPrice),
    productLocation: SingleLine(LIMITS.location),
    zip: ZipField,
    userYears: NumberOrNumericString(LIMITS.maxYears),
    postTime: Type.Optional(
      SingleLine(
        LIMITS.postTime,
        "the seller's local date-time string (default: the server's time)",
      ),
    ),
    productDescription: Text(LIMITS.description),
    sellerName: SingleLine(LIMITS.name),
    sellerPhoto: Type.Optional(
      OptionalImageUrl(
        "an http(s) URL, a path on this origin, empty or null (the seller's photo; default: their account's)",
      ),
    ),
    email: Type.Optional(
      Type.String({
        maxLength: LIMITS.email,
        description: "ignored: the owner is always the caller (the access token's email)",
      }),
    ),
    advertisement: Type.Optional(
      Type.String({ maxLength: 5, description: 'ignored: a new product is not advertised' }),
    ),
    isVerify: Type.Optional(
      Type.String({ maxLength: 5, description: "ignored: the tick is the seller's verification" }),
    ),
    ...vehicleBodyFields,
  },
  { additionalProperties: false },
);

const CategoryProductsQuery = Type.Object({
  limit: Type.Optional(QueryInteger(1, MAX_PAGE, 'rows per page')),
  offset: Type.Optional(QueryInteger(0, MAX_OFFSET, 'rows to skip')),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 600,
      pattern: '^[A-Za-z0-9_-]+$',
      description: `the ${NEXT_CURSOR_HEADER} of the previous page (keyset paging, fast at any depth; not with offset)`,
    }),
  ),
  sort: Type.Optional(Sort(PRODUCT_SORTS, 'createdAt')),
  order: Type.Optional(Order('desc')),
  condition: Type.Optional(Condition),
});

/** POST /category's answer: the original insert result, and a car waiting for approval's state. */
const PostedCar = Type.Object(
  {
    acknowledged: Type.Literal(true),
    insertedId: Type.String(),
    moderation: Type.Optional(
      Type.Ref('ListingModeration', {
        description:
          "only for a new seller's car that waits for a moderator's approval ('Pending " +
          "review'): state 'pending'",
      }),
    ),
  },
  { title: 'PostedCar' },
);

export interface ProductRoutesOptions {
  /** Where a car's photos may come from. */
  photoOrigins: CarPhotoOrigins;
  /** What is checked of a car posted or edited (a new seller's hold, the automatic flags). */
  checks: CarChecks;
}

/** The catalogue's lists open to anyone: the advertised cars and one make's cars. */
function catalogueRoutes(app: RoutesApp): void {
  app.get(
    '/advertisment',
    {
      schema: {
        operationId: 'getAdvertisedProducts',
        tags: ['catalogue'],
        summary:
          'The advertised products, newest first (open to anyone; the path keeps its original spelling)',
        description: `At most the newest ${LIST_CAPS.advertised}.`,
        response: { 200: Type.Array(Type.Ref('ListedProduct')) },
      },
    },
    async (_request, reply) =>
      sendCatalogue(app, reply, 'advertised', async () => ({
        body: await app.photoCopies.addTo(
          await app.readRepos.priceHistory.addNews(await app.readRepos.products.listAdvertised()),
          'carPhoto',
        ),
      })),
  );

  app.get(
    '/category-products/:categoryName',
    {
      schema: {
        operationId: 'getCategoryProducts',
        tags: ['catalogue'],
        summary: 'The products of one category, newest first (open to anyone)',
        description:
          PAGING_DESCRIPTION +
          ` When there is a next page its cursor is in the \`${NEXT_CURSOR_HEADER}\` header: pass ` +
          'it back as `cursor` (with the same sort, order and condition) for the next page in ' +
          'constant time at any depth. `condition` keeps one condition only.',
        params: Type.Object({ categoryName: SingleLine(LIMITS.categoryName) }),
        querystring: CategoryProductsQuery,
        response: { 200: Type.Array(Type.Ref('ListedProduct')), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const limit = queryInteger('limit', query.limit, 1, MAX_PAGE);
      const offset = queryInteger('offset', query.offset, 0, MAX_OFFSET);
      if (query.cursor !== undefined && offset !== undefined) {
        throw httpError(400, 'cursor: cannot be combined with offset');
      }
      const asked = request.params.categoryName;
      const categoryName = await app.catalogueCache.get(
        `category-name:${asked.trim().toLowerCase()}`,
        () => app.readRepos.products.categoryName(asked),
      );
      if (!categoryName) throw httpError(404, 'categoryName: no such category');
      const pageRequest = {
        categoryName,
        condition: query.condition,
        limit,
        offset,
        cursor: query.cursor,
        sort: query.sort ?? 'createdAt',
        order: query.order ?? 'desc',
      } as const;
      // The cursor, the one field a caller spells freely, comes last.
      const { condition, sort, order, cursor } = pageRequest;
      const key = `category:${categoryName}|${condition ?? ''}|${sort}|${order}|${limit ?? ''}|${offset ?? ''}|${cursor ?? ''}`;
      return sendCatalogue(app, reply, key, async () => {
        const page = await withCursorErrors(() => app.readRepos.products.categoryPage(pageRequest));
        const cards = await app.readRepos.priceHistory.addNews(page.rows);
        return { body: await app.photoCopies.addTo(cards, 'carPhoto'), page };
      });
    },
  );
}

/** A seller posts a car, checked for the automatic flags once written. */
function postCarRoute(app: RoutesApp, options: ProductRoutesOptions): void {
  app.post(
    '/category',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'addProduct',
        tags: ['seller'],
        summary: 'Posts a car for sale (sellers only; the path keeps its original spelling)',
        description:
          'Prices and years may be sent as numbers or numeric strings (the form sends text); they ' +
          'are stored and answered as numbers. The owner is the caller; email, advertisement and ' +
          'isVerify in the body are ignored. `photos` (optional, 1 to 10 photos on this host, ' +
          'the cover first): carPhoto must then be photos[0] (else 400); without it the car has ' +
          'its one photo, carPhoto. The vehicle data (vin, model, modelYear, trim, bodyStyle, ' +
          'fuel, transmission, drive, exteriorColor, mileage, owners) is optional; the make is ' +
          "the category. A VIN the caller already has for sale: 409 'You already listed this " +
          "car'; another seller's live listing of it is allowed, and both cars are marked. " +
          'After the write the marketplace checks the car for its automatic flags (the same VIN ' +
          "or photo as another seller's live listing, a price under 30 % of its market value: " +
          "the moderators' queue; it stays for sale). A new account's cars past " +
          'NEW_SELLER_DAILY_CARS (default 3) on its first day are posted waiting for approval: ' +
          "`moderation: {state: 'pending'}` ('Pending review'). Limited per account and per " +
          'address (RATE_LIMIT_CAR_POSTS a minute, RATE_LIMIT_CAR_POSTS_DAY a day): 429.',
        security: ACCESS_TOKEN,
        body: NewProductBody,
        response: { 201: PostedCar, ...errors(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const seller = sellerOf(request);
      const body = request.body;
      const numbers = {
        originalPrice: toNumber(body.originalPrice as number | string, LIMITS.maxCarPrice),
        resalePrice: toNumber(body.resalePrice as number | string, LIMITS.maxCarPrice),
        userYears: toNumber(body.userYears as number | string, LIMITS.maxYears),
      };
      for (const [field, value] of Object.entries(numbers)) {
        if (value === null) {
          const max = field === 'userYears' ? LIMITS.maxYears : LIMITS.maxCarPrice;
          throw httpError(400, `${field}: must be a number from 0 to ${max}`);
        }
      }
      checkCarPhotos(body, options.photoOrigins);
      if (body.photos !== undefined) {
        if (body.photos[0] !== body.carPhoto) {
          throw httpError(400, 'carPhoto: must be photos[0] (the cover) when photos are sent');
        }
      }
      const vehicle = vehicleValues(body);
      const categoryName = await app.repos.products.categoryName(body.categoryName);
      if (!categoryName) throw httpError(400, 'categoryName: no such category');
      const productLocation = body.productLocation.trim();
      const place = await carPlaceOf(app, { zip: body.zip, productLocation });
      // A new account's cars past its first day's allowance wait for a moderator.
      const held = await options.checks.holdNewCar(seller._id);
      const insertedId = await sameVinOnce(() =>
        app.repos.products.insert({
          carName: body.carName.trim(),
          carPhoto: body.carPhoto,
          photos: body.photos,
          categoryName,
          condition: body.condition,
          originalPrice: numbers.originalPrice!,
          resalePrice: numbers.resalePrice!,
          productLocation,
          ...place,
          userYears: numbers.userYears!,
          postTime: body.postTime?.trim() || new Date().toLocaleString('en-US'),
          productDescription: body.productDescription.trim(),
          sellerName: body.sellerName.trim(),
          sellerPhoto: body.sellerPhoto || seller.userImg,
          email: seller.email,
          ...vehicle,
          ...(held === null ? {} : { hidden: 'pending' as const }),
        }),
      );
      await options.checks.afterWrite(insertedId, request.log, held);
      return reply.code(201).send({
        acknowledged: true as const,
        insertedId,
        ...(held === null ? {} : { moderation: PENDING_REVIEW }),
      });
    },
  );
}

/** A seller's own cars: listed, advertised, deleted. */
function sellerCarRoutes(app: RoutesApp): void {
  app.get(
    '/seller-products/:email',
    {
      onRequest: [app.authenticate, app.requireRole('Seller', 'Admin')],
      schema: {
        operationId: 'getSellerProducts',
        tags: ['seller'],
        summary: "A seller's own products, newest first (that seller, or an admin)",
        description: `At most the newest ${LIST_CAPS.sellerProducts}.`,
        security: ACCESS_TOKEN,
        params: Type.Object({ email: Email }),
        response: { 200: Type.Array(Type.Ref('Product')), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = sellerOf(request);
      const email = normaliseEmail(request.params.email);
      if (caller.userRole !== 'Admin' && email !== caller.email) {
        throw httpError(403, 'email: you may only list your own products');
      }
      return app.photoCopies.addTo(await app.repos.products.listBySeller(email), 'carPhoto');
    },
  );

  app.put(
    '/seller-products/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'advertiseProduct',
        tags: ['seller'],
        summary: "Advertises one of the caller's products (modifiedCount 0 if it already was)",
        description: 'A sold car cannot be advertised: 409.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('UpdateResult'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const product = await ownedProduct(app, request, request.params.id);
      if (product.sold) throw httpError(409, 'This car has been sold');
      const modifiedCount = await app.repos.products.advertise(product._id);
      return { acknowledged: true as const, matchedCount: 1, modifiedCount };
    },
  );

  app.delete(
    '/seller-products/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'deleteProduct',
        tags: ['seller'],
        summary:
          "Deletes one of the caller's products; its open bookings are declined, not deleted",
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('DeleteResult'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const product = await ownedProduct(app, request, request.params.id);
      const deletedCount = await app.repos.products.delete(product._id);
      return { acknowledged: true as const, deletedCount };
    },
  );
}

const productRoutes: FastifyPluginAsyncTypebox<ProductRoutesOptions> = async (app, options) => {
  catalogueRoutes(app);
  postCarRoute(app, options);
  sellerCarRoutes(app);
};

export default productRoutes;
