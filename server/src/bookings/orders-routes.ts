import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { normaliseEmail } from '../platform/db/ids';
import type { DealRefusal, OrderView } from './orders-repository';
import type { OrderStatus } from '../platform/db/schema';
import { MOVES, type Party } from './order-states';
import { sendPageHeaders } from '../platform/http/page-headers';
import { MAX_OFFSET, MAX_PAGE, queryInteger } from '../platform/http/paging';
import { LISTING_REMOVED } from '../cars/hidden-cars';
import {
  ListQuery,
  Message,
  MessageBody,
  MoveBody,
  NewOrderBody,
  OrderIdParams,
} from './order-schemas';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, Email, errors } from '../platform/http/schemas';
import { IdempotencyHeaders, answerEarlier, onceKeyOf } from '../platform/http/idempotency-key';

/** What the writes that take an `Idempotency-Key` say of it in the contract. */
const KEY_TEXT =
  ' An optional `Idempotency-Key` header (1 to 200 printable ASCII characters; else 400) makes ' +
  "the call safe to repeat: for 24 hours a repeat with the same key and body answers the first's " +
  'answer (the same status and id) and writes nothing; the same key with another body answers ' +
  '422. Keys are per account.';

/** The statuses as the web app shows them. */
const STATUS_WORDS: Record<OrderStatus, string> = {
  requested: 'requested',
  accepted: 'accepted',
  declined: 'declined',
  cancelled: 'cancelled',
  sold: 'sold',
};

/** A refused booking or move as a 409 with a message a person can act on. */
function conflict(refusal: DealRefusal): Error {
  switch (refusal.refused) {
    case 'already-booked':
      return httpError(409, 'You already booked this car');
    case 'sold':
      return httpError(409, 'This car has been sold');
    case 'removed':
      return httpError(409, LISTING_REMOVED);
    case 'state':
      return httpError(409, `status: the booking is ${STATUS_WORDS[refusal.current]}`);
  }
}

const inserted = (id: string) => ({ acknowledged: true as const, insertedId: id });

const PARTY_NAMES: Record<Party, string> = { buyer: 'the buyer', seller: "the car's seller" };

/**
 * The booking, and which party the caller is to it, by the caller's account id (never the
 * e-mail: a new account with a deleted one's e-mail is someone else). Anyone else (admins too)
 * is told it does not exist, so its existence is not revealed.
 */
async function bookingOf(
  app: RoutesApp,
  request: FastifyRequest,
  id: string,
): Promise<[OrderView, Party]> {
  const userId = request.caller!.user?._id;
  const order = userId ? await app.repos.orders.findById(id) : null;
  if (order && order.buyerId === userId) return [order, 'buyer'];
  if (order && order.sellerId === userId) return [order, 'seller'];
  throw httpError(404, 'id: no such booking');
}

const page = (query: { limit?: unknown; offset?: unknown; status?: OrderStatus }) => ({
  status: query.status,
  limit: queryInteger('limit', query.limit, 1, MAX_PAGE) ?? 50,
  offset: queryInteger('offset', query.offset, 0, MAX_OFFSET) ?? 0,
});

/** The schema of a page of bookings with its total in a header (the seller's, the admin's). */
const bookingPageSchema = (operationId: string, summary: string) => ({
  operationId,
  tags: ['orders'],
  summary,
  description: `The total is in the \`X-Total-Count\` header. Filter by \`status\`.`,
  security: ACCESS_TOKEN,
  querystring: ListQuery,
  response: { 200: Type.Array(Type.Ref('Order')), ...errors(400, 401, 403) },
});

/** A buyer's bookings, and booking a car. */
function bookingRoutes(app: RoutesApp): void {
  app.get(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getOrders',
        tags: ['orders'],
        summary: "The caller's orders, newest first (the email must be the caller's)",
        description:
          "The bookings of the caller's account (found by its id, not by the e-mail): a new " +
          'account with the e-mail of a deleted one starts empty.',
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
      if (!caller.user) return [];
      const orders = await app.repos.orders.listByBuyer(caller.user._id);
      const seen = await app.repos.orders.withContactPhones(orders, caller.user._id);
      return app.photoCopies.addTo(seen, 'carImage');
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
          "photo, and the seller's name and email, are taken from the stored product, not from " +
          'the body. The booking is `requested`. Unknown product: 404. A sold car, or a car the ' +
          'buyer already holds an open (requested or accepted) booking of: 409; a hidden car: ' +
          "409 'This listing was removed'." +
          KEY_TEXT,
        security: ACCESS_TOKEN,
        headers: IdempotencyHeaders,
        body: NewOrderBody,
        response: {
          201: Type.Ref('InsertResult'),
          ...errors(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const body = request.body;
      const key = onceKeyOf(request, caller.user!._id);
      const earlier = key ? await app.repos.orders.earlierAnswer(key) : null;
      if (earlier) return answerEarlier(reply, earlier);
      const product = await app.repos.products.findById(body.productID);
      if (!product) throw httpError(404, 'productID: no such product');
      if (product.sold) throw conflict({ refused: 'sold' });
      if (product.moderation) throw conflict({ refused: 'removed' });
      const booked = await app.repos.orders.insert(
        {
          buyerName: body.buyerName.trim(),
          buyerId: caller.user!._id,
          buyerEmail: caller.email,
          productName: product.carName,
          productPrice: product.resalePrice,
          phone: String(body.phone).trim(),
          meetLocation: body.meetLocation.trim(),
          productID: product._id,
          carImage: product.carPhoto,
          sellerEmail: normaliseEmail(product.email),
          sellerName: product.sellerName,
        },
        key && { key, answer: ({ id }) => ({ status: 201, body: inserted(id) }) },
      );
      if ('earlier' in booked) return answerEarlier(reply, booked.earlier);
      if ('refused' in booked) throw conflict(booked);
      return reply.code(201).send(inserted(booked.id));
    },
  );
}

/** One booking, read or moved by its buyer or its seller. */
function oneBookingRoutes(app: RoutesApp): void {
  app.get(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getOrder',
        tags: ['orders'],
        summary: 'One booking, for its buyer and its seller (anyone else: 404)',
        security: ACCESS_TOKEN,
        params: OrderIdParams,
        response: { 200: Type.Ref('Order'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const [order] = await bookingOf(app, request, request.params.id);
      const seen = await app.repos.orders.withContactPhones([order], request.caller!.user!._id);
      return (await app.photoCopies.addTo(seen, 'carImage'))[0];
    },
  );

  app.patch(
    '/orders/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate],
      schema: {
        operationId: 'moveOrder',
        tags: ['orders'],
        summary: "Accepts, declines, cancels or marks sold a booking (its state's next step)",
        description:
          "The car's seller accepts a requested booking, declines a requested or accepted one " +
          '(with an optional reason) or marks an accepted one sold; the buyer cancels a requested ' +
          'or accepted one. Marking sold sells the car: every other open booking on it is ' +
          "declined ('Sold to another buyer') and the car leaves every list of cars for sale. " +
          'Checks in this order: a malformed body 400; not a party to the booking 404; the ' +
          "wrong party for the move 403; a move the booking's state does not allow (or a car " +
          'sold meanwhile) 409.',
        security: ACCESS_TOKEN,
        params: OrderIdParams,
        body: MoveBody,
        response: { 200: Type.Ref('Order'), ...errors(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { status: to, reason } = request.body;
      const [order, party] = await bookingOf(app, request, request.params.id);
      const rule = MOVES[to];
      if (rule.by !== party) {
        throw httpError(403, `status: only ${PARTY_NAMES[rule.by]} may make a booking ${to}`);
      }
      if (!rule.from.includes(order.status))
        throw conflict({ refused: 'state', current: order.status });
      const moved = await app.repos.orders.move(order._id, to, party, reason?.trim() || undefined);
      if ('refused' in moved) throw conflict(moved);
      const seen = await app.repos.orders.withContactPhones(
        [moved.order],
        request.caller!.user!._id,
      );
      return (await app.photoCopies.addTo(seen, 'carImage'))[0];
    },
  );
}

/** The pages of bookings: a seller's on their cars, and every booking for the admins. */
function bookingListRoutes(app: RoutesApp): void {
  app.get(
    '/seller-orders',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: bookingPageSchema(
        'getSellerOrders',
        "Bookings on the caller's cars, newest first (sellers only), one page",
      ),
    },
    async (request, reply) => {
      const sellerId = request.caller!.user!._id;
      const found = await app.repos.orders.sellerPage(sellerId, page(request.query));
      sendPageHeaders(reply, { total: found.total, nextCursor: null });
      const seen = await app.repos.orders.withContactPhones(found.rows, sellerId);
      return app.photoCopies.addTo(seen, 'carImage');
    },
  );

  app.get(
    '/admin/orders',
    {
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: bookingPageSchema(
        'getAllOrders',
        'Every booking, newest first (admins only), one page',
      ),
    },
    async (request, reply) => {
      const found = await app.repos.orders.allPage(page(request.query));
      sendPageHeaders(reply, { total: found.total, nextCursor: null });
      return app.photoCopies.addTo(found.rows, 'carImage');
    },
  );
}

/** A booking's conversation between its buyer and its seller. */
function messageRoutes(app: RoutesApp): void {
  app.get(
    '/orders/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getOrderMessages',
        tags: ['orders'],
        summary: "A booking's conversation, oldest first (its two parties only)",
        security: ACCESS_TOKEN,
        params: OrderIdParams,
        response: { 200: Type.Array(Type.Ref('Message')), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const [order] = await bookingOf(app, request, request.params.id);
      return app.repos.orders.listMessages(order._id);
    },
  );

  app.post(
    '/orders/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'postOrderMessage',
        tags: ['orders'],
        summary: "Writes in a booking's conversation (its two parties only)",
        description:
          'Plain text, 1 to 2,000 characters: markup is stored and shown as text. Not a party ' +
          "to the booking: 404. A declined or cancelled booking's conversation is closed: 409 " +
          "'This booking is closed' (it is still read). At most 20 messages a minute and 200 a " +
          'day per account, and 10 a minute per account in one booking: over them 429 ' +
          "'You are sending messages too fast: wait a minute' with `Retry-After`." +
          KEY_TEXT,
        security: ACCESS_TOKEN,
        params: OrderIdParams,
        headers: IdempotencyHeaders,
        body: MessageBody,
        response: {
          201: Type.Ref('Message'),
          ...errors(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      // A caller without an account is no party to any booking (bookingOf answers 404).
      const userId = request.caller!.user?._id;
      const key = userId ? onceKeyOf(request, userId) : undefined;
      const earlier = key ? await app.repos.orders.earlierAnswer(key) : null;
      if (earlier) return answerEarlier(reply, earlier);
      const [order, party] = await bookingOf(app, request, request.params.id);
      const name =
        request.caller!.user?.name ?? (party === 'buyer' ? order.buyerName : order.sellerName);
      const message = await app.repos.orders.addMessage(
        order,
        { id: request.caller!.user!._id, email: request.caller!.email, name },
        request.body.text.trim(),
        key && { key, answer: (sent) => ({ status: 201, body: sent }) },
      );
      if ('earlier' in message) return answerEarlier(reply, message.earlier);
      if ('refused' in message) throw httpError(409, 'This booking is closed');
      return reply.code(201).send(message);
    },
  );
}

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Message);
  bookingRoutes(app);
  oneBookingRoutes(app);
  bookingListRoutes(app);
  messageRoutes(app);
};

export default orderRoutes;
