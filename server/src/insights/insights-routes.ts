import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../platform/caller/bearer-token';
import { ACCESS_TOKEN, errors, Id, OPTIONAL_ACCESS_TOKEN } from '../platform/http/schemas';
import { insightsRepository } from './insights-repository';
import type { ViewCounter } from './view-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The views waiting to be written (insights/view-counter.ts). */
    carViews: ViewCounter;
  }
}

/** Views per day: one number a day of the window, the answer's `from` first. */
const viewsPerDay = (description: string) =>
  Type.Array(Type.Integer({ minimum: 0 }), { minItems: 30, maxItems: 90, description });

const counts = {
  views: Type.Integer({
    minimum: 0,
    description: 'people who opened it: each visitor once a day, robots and its seller left out',
  }),
  saves: Type.Integer({ minimum: 0, description: 'saved (a heart) in the window' }),
  bookings: Type.Integer({ minimum: 0, description: 'bookings requested in the window' }),
  messages: Type.Integer({
    minimum: 0,
    description: "buyers' messages in its bookings' conversations in the window",
  }),
};

const CarInsights = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    ...counts,
    daysOnMarket: Type.Integer({
      minimum: 0,
      description: 'whole days from its listing to its sale, or to today while unsold',
    }),
    price: Type.Number(),
    marketValue: Type.Union([Type.Integer(), Type.Null()], {
      description: 'its market value in whole dollars; null: not valued (too few like it, sold)',
    }),
    viewsPerDay: viewsPerDay(
      "its views on each day of the window, one number a day from the answer's `from` to `to`",
    ),
  },
  { $id: 'CarInsights', title: 'CarInsights' },
);

const Insights = Type.Object(
  {
    days: Type.Integer(),
    from: Type.String({ format: 'date', description: 'the first day of the window (UTC)' }),
    to: Type.String({ format: 'date', description: 'the last day of the window: today (UTC)' }),
    cars: Type.Array(Type.Ref('CarInsights'), {
      description: 'the most viewed first, at most 2000',
    }),
    totals: Type.Object(
      {
        cars: Type.Integer({ minimum: 0, description: 'every car in scope, listed or not' }),
        ...counts,
        viewsPerDay: viewsPerDay(
          "the views on each day of the window, one number a day from the answer's `from`",
        ),
      },
      { description: 'the sums over every car in scope' },
    ),
  },
  { $id: 'Insights', title: 'Insights' },
);

const InsightsQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Union([Type.Literal('30'), Type.Literal('90')], {
        description: 'the window: the last 30 (default) or 90 days',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * What each listing earns (a seller's own cars; an admin's answer covers the marketplace), and
 * the beacon the web app's car view sends when a person opens a car in the app.
 */
const insightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(CarInsights);
  app.addSchema(Insights);
  const insights = insightsRepository(app.db);

  app.get(
    '/insights',
    {
      onRequest: [app.authenticate, app.requireRole('Seller', 'Admin')],
      schema: {
        operationId: 'getInsights',
        tags: ['seller'],
        summary: "What each of the caller's cars earns: views, saves, bookings, messages",
        description:
          "A seller's own cars (sold and hidden ones too); an admin's answer covers the " +
          'marketplace (its most viewed cars, and totals over every car). Over the last ' +
          '`days` days (30 or 90), today included; views of the last second may not be in yet.',
        security: ACCESS_TOKEN,
        querystring: InsightsQuery,
        response: { 200: Type.Ref('Insights'), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = request.caller!.user!;
      const days = Number(request.query.days ?? '30');
      const seller = user.userRole === 'Admin' ? null : user.email;
      const answer = await insights.of(seller, days, new Date());
      // Sent as one string from JSON.stringify, not through the response schema's serialiser.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(answer));
    },
  );

  app.post(
    '/products/:id/view',
    {
      schema: {
        operationId: 'viewProduct',
        tags: ['catalogue'],
        summary: 'Counts a person opening a car in the web app (once per visitor and day)',
        description:
          "The web app's car view sends it once when a person opens a car there (the " +
          "server-rendered page counts itself). The visitor is the access token's account, " +
          'or else a hash of the address and browser salted with the day; a known robot, the ' +
          "car's own seller and an unknown car count nothing. Answered at once (204): the " +
          'view is written within a second.',
        security: OPTIONAL_ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 204: Type.Null(), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(app, request);
      app.carViews.record({
        carId: request.params.id,
        account: viewer?.account ?? null,
        accountEmail: viewer?.email ?? null,
        address: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(204).send(null);
    },
  );
};

/** The account a valid access token names (its id, or else its e-mail), or null. */
function viewerOf(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    const payload = app.jwt.verify<{ email?: unknown; uid?: unknown }>(token);
    const email = typeof payload.email === 'string' ? payload.email : null;
    const account = typeof payload.uid === 'string' && payload.uid ? payload.uid : email;
    return account ? { account, email } : null;
  } catch {
    return null;
  }
}

export default insightsRoutes;
