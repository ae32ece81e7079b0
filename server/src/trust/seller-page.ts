/** A seller's public page as the API and the server-rendered page answer it. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { NullableDealer, SellerType } from '../accounts/dealer-schemas';
import { ANSWER_HOURS, RESPONSE_DAYS, type SellerProfile } from './seller-profiles';

export const SellerPage = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    photo: Type.String({ description: 'photo URL (may be empty)' }),
    verified: Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: 'an admin has verified this seller (the tick)',
    }),
    memberSince: Type.String({ format: 'date-time', description: 'when the account was made' }),
    emailConfirmed: Type.Boolean({
      description: "the seller's e-mail is confirmed (they opened the link mailed to it)",
    }),
    carsSold: Type.Integer({ minimum: 0 }),
    carsForSale: Type.Integer({ minimum: 0, description: 'as GET /products?seller={id} counts' }),
    sellerType: SellerType,
    dealer: NullableDealer,
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
