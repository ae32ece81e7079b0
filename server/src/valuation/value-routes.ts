import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../platform/http/errors';
import { errors } from '../platform/http/schemas';
import { clientNetwork } from '../platform/http/client-network';
import { type VinDecoder, VinDecodingUnavailable } from '../vehicles/vin-decoder';
import { FAIR_PRICE_RATINGS } from './value-types';
import {
  estimateValue,
  NOT_ENOUGH,
  questionKey,
  VALUE_CONDITIONS,
  type ValueAnswer,
  type ValueQuestion,
} from './value-estimate';
import { parseValueQuery, type ValueQuery } from './value-query';

const text = (description: string) => Type.Optional(Type.String({ maxLength: 64, description }));

export const ValueQuerySchema = Type.Object({
  make: text('the make, as its category is named (any case); with `model` and `year`, or `vin`'),
  model: text("the model (e.g. 'Model 3'; any case and spacing)"),
  year: text('the model year (a whole number)'),
  vin: text('a VIN, in place of make, model and year (decoded offline)'),
  mileage: text('the miles on the clock (a whole number; required)'),
  condition: text(`one of ${VALUE_CONDITIONS.join(', ')} (required)`),
  price: text('an asking price in whole dollars: the answer then rates it (`rating`)'),
});

export const CarValuation = Type.Object(
  {
    value: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'the market value, whole dollars; null when the car cannot be valued (`reason`)',
    }),
    low: Type.Optional(Type.Integer({ description: 'the low end of the range, whole dollars' })),
    high: Type.Optional(Type.Integer({ description: 'the high end of the range, whole dollars' })),
    comparables: Type.Optional(
      Type.Integer({ minimum: 1, description: 'how many listings for sale the value rests on' }),
    ),
    basis: Type.Optional(
      Type.Union([Type.Literal('model'), Type.Literal('make'), Type.Literal('comparables')], {
        description:
          "'model': the model's own fit, the range its 80 % prediction interval; 'make': the " +
          "make's slopes at the model's level (a rarer model), the same interval; 'comparables': " +
          'a make without a fit, the median of its cars of the same condition and age ±2 years, ' +
          'the range their 10th to 90th percentile',
      }),
    ),
    rating: Type.Optional(
      Type.Union([...FAIR_PRICE_RATINGS.map((r) => Type.Literal(r)), Type.Null()], {
        description:
          'with `price`: the rating the price would get (as FairPrice.rating); null when a ' +
          'price would not be rated (too few listings, a car over 25 years, under $1,500)',
      }),
    ),
    reason: Type.Optional(Type.String({ description: 'why the car has no value' })),
    car: Type.Optional(
      Type.Object(
        {
          make: Type.String(),
          model: Type.String(),
          modelYear: Type.Integer(),
        },
        { description: 'the car valued (from the VIN when one was given)' },
      ),
    ),
  },
  { $id: 'CarValuation', title: 'CarValuation' },
);

export interface ValueRouteOptions {
  decoder: VinDecoder;
}

/** The categories by their lower-case names (the catalogue cache's). */
const categoryNames = (app: FastifyInstance) =>
  app.catalogueCache.get('value-category-names', async () => {
    const rows = await app.readRepos.products.listCategories();
    return new Map(rows.map((row) => [row.categoryName.toLowerCase(), row.categoryName]));
  });

/** What the VIN's car is, or why it cannot be valued. */
async function carOfVin(
  app: FastifyInstance,
  decoder: VinDecoder,
  vin: string,
): Promise<{ make: string; model: string; modelYear: number } | { reason: string }> {
  const vehicle = await decoder.decode(vin);
  if (!vehicle) return { reason: 'We could not decode this VIN' };
  const make = (await categoryNames(app)).get(vehicle.make.toLowerCase());
  if (!make) return { reason: `We don't list ${vehicle.make} yet` };
  if (!vehicle.model || vehicle.modelYear === null) {
    return { reason: 'This VIN does not tell its model and year: give them instead' };
  }
  return { make, model: vehicle.model, modelYear: vehicle.modelYear };
}

/**
 * `GET /value`: 'What's my car worth?', from the stored fits (no fit per request). A VIN is
 * decoded on the decoding thread the form's decodes share: one at a time per address.
 */
const valueRoutes: FastifyPluginAsyncTypebox<ValueRouteOptions> = async (app, { decoder }) => {
  app.addSchema(CarValuation);
  const decoding = new Set<string>();

  app.get(
    '/value',
    {
      schema: {
        operationId: 'valueCar',
        tags: ['catalogue'],
        summary:
          'What a car is worth from the cars for sale: a value and a range, how many listings it rests on and, with a price, the rating that price would get (public; rate limited per address; 400 names every bad parameter; a car it cannot value answers `value: null` and `reason`)',
        querystring: ValueQuerySchema,
        response: {
          200: Type.Ref('CarValuation'),
          ...errors(400, 429),
          503: Type.Ref('ErrorMessage'),
        },
      },
    },
    async (request, reply): Promise<ValueAnswer & { car?: object }> => {
      const parsed = parseValueQuery(request.query as ValueQuery);
      if ('problems' in parsed) throw httpError(400, parsed.problems.join('; '));
      let car: { make: string; model: string; modelYear: number };
      if ('vin' in parsed) {
        const network = clientNetwork(request.ip);
        if (decoding.has(network)) {
          reply.header('retry-after', '1');
          throw httpError(429, 'You are already valuing a VIN: wait for its answer');
        }
        decoding.add(network);
        let found: Awaited<ReturnType<typeof carOfVin>>;
        try {
          found = await carOfVin(app, decoder, parsed.vin);
        } catch (error) {
          if (!(error instanceof VinDecodingUnavailable)) throw error;
          return reply.code(503).header('retry-after', '5').send({ message: error.message });
        } finally {
          decoding.delete(network);
        }
        if ('reason' in found) return { value: null, reason: found.reason };
        car = found;
      } else {
        const make = (await categoryNames(app)).get(parsed.make.toLowerCase());
        if (!make) return { value: null, reason: `We don't list ${parsed.make} yet` };
        car = { make, model: parsed.model, modelYear: parsed.modelYear };
      }
      const question: ValueQuestion = { ...parsed, ...car };
      const year = new Date().getUTCFullYear();
      const key = questionKey(question);
      if (key === '') return { value: null, reason: NOT_ENOUGH, car };
      // The make's fits are kept in memory between market refreshes (market-fits-cache.ts).
      const fits = await app.readRepos.values.fitsOf(car.make, key);
      const age = Math.max(0, year - car.modelYear);
      const spread =
        !fits.model && !fits.makeFitted
          ? await app.readRepos.values.comparables(car.make, question.condition, age)
          : null;
      return { ...estimateValue(question, year, fits, spread), car };
    },
  );
};

export default valueRoutes;
