/**
 * A seller's public profile: GET /sellers/{id}. Their cars for sale are the search's
 * (GET /products?seller={id}), their reviews GET /sellers/{id}/reviews (reviews.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import { ANSWER_HOURS, RESPONSE_DAYS, type SellerProfile } from './seller-profiles';
import { errors, Id } from '../platform/http/schemas';

export const SellerPage = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    photo: Type.String({ description: 'photo URL (may be empty)' }),
    verified: Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'an admin has verified this seller (the tick)',
    }),
    memberSince: Type.String({ format: 'date-time', description: 'when the account was made' }),
    carsSold: Type.Integer({ minimum: 0 }),
    carsForSale: Type.Integer({ minimum: 0, description: 'as GET /products?seller={id} counts' }),
    rating: Type.Ref('SellerRating'),
    responses: Type.Object(
      {
        medianMinutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
          description:
            "the median minutes from a booking to the seller's first answer (accepted or " +
            'declined); null: none answered',
        }),
        within48h: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
          description:
            `the share (0 to 1) of the bookings answered within ${ANSWER_HOURS} hours, of those ` +
            `answered or unanswered for ${ANSWER_HOURS} hours (a booking the buyer cancelled ` +
            'first is not counted); null: none counted',
        }),
        bookings: Type.Integer({
          minimum: 0,
          description: `bookings of the seller's cars made in the last ${RESPONSE_DAYS} days`,
        }),
      },
      { description: `how the seller answers bookings, over the last ${RESPONSE_DAYS} days` },
    ),
  },
  { $id: 'SellerPage', title: 'SellerPage' },
);

export type SellerPageAnswer = SellerProfile & { carsForSale: number };

/** A seller's profile with their cars for sale counted as the search counts; null: no such seller. */
export async function sellerPage(
  app: FastifyInstance,
  id: string,
): Promise<SellerPageAnswer | null> {
  const found = await app.readRepos.sellers.profile(id);
  if (!found) return null;
  const carsForSale = await app.readRepos.search.count({ seller: id });
  return { ...found.profile, carsForSale };
}

const sellerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SellerPage);

  app.get(
    '/sellers/:id',
    {
      schema: {
        operationId: 'getSeller',
        tags: ['reviews'],
        summary: "A seller's public profile (open to anyone)",
        description:
          'Name, photo, the verified tick, member since and cars sold (as a car page counts ' +
          'them), cars for sale (as the search counts them), the rating (the average of the ' +
          'visible reviews to one decimal, and their count) and how the seller answers ' +
          `bookings over the last ${RESPONSE_DAYS} days. An unknown account, a buyer's or an ` +
          "admin's, or a suspended one: 404.",
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('SellerPage'), ...errors(400, 404) },
      },
    },
    async (request) => {
      const page = await sellerPage(app, request.params.id);
      if (!page) throw httpError(404, 'id: no such seller');
      return page;
    },
  );
};

export default sellerRoutes;
