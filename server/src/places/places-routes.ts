/** GET /places/{zip}: a US ZIP code's place and point (open to anyone). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import { errors } from '../platform/http/schemas';
import { NO_SUCH_ZIP } from './places';

export const PlaceAnswer = Type.Object(
  {
    zip: Type.String({ description: 'five digits' }),
    place: Type.String({ description: "its city and state: 'Austin, TX'" }),
    latitude: Type.Number(),
    longitude: Type.Number(),
  },
  { $id: 'Place', title: 'Place' },
);

const placeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(PlaceAnswer);
  app.get(
    '/places/:zip',
    {
      schema: {
        operationId: 'getPlace',
        tags: ['places'],
        summary: "A US ZIP code's place (open to anyone)",
        description:
          'The city and state a five-digit US ZIP code names, and its point. Not five digits, ' +
          "or no place has it: 404 'zip: no such US ZIP code'.",
        params: Type.Object({ zip: Type.String({ maxLength: 20 }) }),
        response: { 200: Type.Ref('Place'), ...errors(404) },
      },
    },
    async (request) => {
      const place = await app.readRepos.places.ofZip(request.params.zip);
      if (!place) throw httpError(404, `zip: ${NO_SUCH_ZIP}`);
      return place;
    },
  );
};

export default placeRoutes;
