import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../auth/access';
import { normaliseEmail } from '../db/repositories/ids';
import {
  ACCESS_TOKEN,
  Email,
  errors,
  Id,
  LIMITS,
  NumberOrNumericString,
  OptionalImageUrl,
  Text,
} from './schemas';

const Phone = Type.Union(
  [
    Type.String({ pattern: '^\\s*\\+?[0-9][0-9 ()-]{3,22}[0-9]\\s*$', maxLength: LIMITS.phone }),
    Type.Integer({ minimum: 1000, maximum: 999_999_999_999_999 }),
  ],
  { description: 'a phone number (digits; spaces, dashes, brackets and a leading + allowed)' },
);

const NewOrderBody = Type.Object(
  {
    buyerName: Text(LIMITS.name),
    phone: Phone,
    meetLocation: Text(LIMITS.location),
    productID: Id,
    buyerEmail: Type.Optional(
      Type.String({ maxLength: LIMITS.email, description: 'ignored: the buyer is the caller' }),
    ),
    productName: Type.Optional(
      Type.String({ maxLength: LIMITS.carName, description: 'ignored: taken from the product' }),
    ),
    // Ignored: the product's selling price is used.
    productPrice: Type.Optional(NumberOrNumericString(LIMITS.maxPrice)),
    carImage: Type.Optional(
      OptionalImageUrl(
        "an http(s) URL, a path on this origin or empty (ignored: the product's photo is used)",
      ),
    ),
  },
  { additionalProperties: false },
);

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getOrders',
        tags: ['orders'],
        summary: "The caller's orders, newest first (the email must be the caller's)",
        security: ACCESS_TOKEN,
        querystring: Type.Object({ email: Email }),
        response: { 200: Type.Array(Type.Ref('Order')), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (normaliseEmail(request.query.email) !== caller.email) {
        throw httpError(403, 'email: you may only read your own orders');
      }
      return app.repos.orders.listByBuyer(caller.email);
    },
  );

  app.post(
    '/orders',
    {
      onRequest: [app.authenticate, app.requireRole('Buyer')],
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Books a car (buyers only)',
        description:
          "The buyer's email is the caller's; the product's name, selling price (resalePrice) and " +
          'photo are taken from the stored product, not from the body. Unknown product: 404.',
        security: ACCESS_TOKEN,
        body: NewOrderBody,
        response: { 201: Type.Ref('InsertResult'), ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const body = request.body;
      const product = await app.repos.products.findById(body.productID);
      if (!product) throw httpError(404, 'productID: no such product');
      const insertedId = await app.repos.orders.insert({
        buyerName: body.buyerName.trim(),
        buyerEmail: caller.email,
        productName: product.carName,
        productPrice: product.resalePrice,
        phone: String(body.phone).trim(),
        meetLocation: body.meetLocation.trim(),
        productID: product._id,
        carImage: product.carPhoto,
      });
      return reply.code(201).send({ acknowledged: true as const, insertedId });
    },
  );
};

export default orderRoutes;
