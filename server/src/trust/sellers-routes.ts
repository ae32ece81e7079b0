/**
 * A seller's public profile: GET /sellers/{id}. Their cars for sale are the search's
 * (GET /products?seller={id}), their reviews GET /sellers/{id}/reviews (reviews.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import { RESPONSE_DAYS } from './seller-profiles';
import { SellerPage, sellerPage } from './seller-page';
import { errors, Id } from '../platform/http/schemas';

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
