import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { type VinDecoder, VinDecodingUnavailable } from './vin-decoder';
import { BODY_STYLES, DRIVES, FUELS, TRANSMISSIONS } from '../platform/db/vehicle-fields';
import { normaliseVin, vinProblem } from './vin-check';
import { httpError } from '../platform/http/errors';
import { ACCESS_TOKEN, errors } from '../platform/http/schemas';

const unknown = (description: string) => ({
  description: `${description} (null: vPIC does not say)`,
});

/** Known or null: the decoded fields. */
const orNull = (schema: TSchema, description: string) =>
  Type.Union([schema, Type.Null()], unknown(description));

/** One of `values`, or null. */
const oneOfOrNull = (values: readonly string[], description: string) =>
  Type.Union([...values.map((v) => Type.Literal(v)), Type.Null()], unknown(description));

export const VinDecoded = Type.Object(
  {
    vin: Type.String({ description: 'the VIN, in capitals' }),
    make: Type.String({ description: "the make as vPIC names it (e.g. 'Tesla', 'Porsche')" }),
    category: Type.Union([Type.String(), Type.Null()], {
      description: "the category that is this make (its categoryName), or null when there's none",
    }),
    listed: Type.Boolean({
      description:
        "whether cars of this make can be listed here (a category is this make); the form says 'We don't list Porsche yet' when not",
    }),
    model: orNull(Type.String(), 'the model'),
    modelYear: orNull(Type.Integer(), 'the model year'),
    trim: orNull(Type.String(), 'the trim, or the series'),
    bodyStyle: oneOfOrNull(BODY_STYLES, 'the body style'),
    fuel: oneOfOrNull(FUELS, 'the fuel'),
    transmission: oneOfOrNull(TRANSMISSIONS, 'the transmission'),
    drive: oneOfOrNull(DRIVES, 'the driven wheels'),
    doors: orNull(Type.Integer({ minimum: 1 }), 'the number of doors'),
  },
  { $id: 'VinDecoded', title: 'VinDecoded' },
);

export interface VinRouteOptions {
  decoder: VinDecoder;
}

/** What a second decode of an account whose first has no answer yet is told (a 429). */
export const ONE_AT_A_TIME = 'You are already decoding a VIN: wait for its answer';

/**
 * `GET /vin/{vin}`: a VIN checked, then decoded offline from NHTSA's vPIC data. An account
 * decodes one VIN at a time (in this process, whose one decoding thread everyone shares): a
 * second decode while its first has no answer is refused (the form's button waits for the
 * answer), so the line holds at most one decode per account and nobody waits behind more than
 * one of anyone's.
 */
const vinRoutes: FastifyPluginAsyncTypebox<VinRouteOptions> = async (app, { decoder }) => {
  app.addSchema(VinDecoded);
  /** The accounts with a decode under way or in line. */
  const decoding = new Set<string>();

  app.get(
    '/vin/:vin',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'decodeVin',
        tags: ['catalogue'],
        summary:
          'Checks a VIN (17 characters, no I, O or Q; the check digit of a North American VIN) ' +
          'and decodes it offline from NHTSA vPIC data: make, model, model year, trim, body, ' +
          'fuel, drive, doors where known (signed in; one decode at a time and rate limited per ' +
          'account; 503 when decoding is busy)',
        security: ACCESS_TOKEN,
        params: Type.Object({
          vin: Type.String({
            maxLength: 64,
            description: 'the VIN (small letters and spaces around it are accepted)',
          }),
        }),
        response: {
          200: Type.Ref('VinDecoded'),
          ...errors(400, 401, 404, 429),
          503: Type.Ref('ErrorMessage'),
        },
      },
    },
    async (request, reply) => {
      const vin = normaliseVin(request.params.vin);
      const problem = vinProblem(vin);
      if (problem) throw httpError(400, `vin: ${problem}`);
      const account = request.caller!.uid;
      if (decoding.has(account)) {
        reply.header('retry-after', '1');
        throw httpError(429, ONE_AT_A_TIME);
      }
      decoding.add(account);
      let vehicle: Awaited<ReturnType<VinDecoder['decode']>>;
      try {
        vehicle = await decoder.decode(vin);
      } catch (error) {
        if (!(error instanceof VinDecodingUnavailable)) throw error;
        // Sent here: the error handler words every other 503 as a dependency's, without details.
        return reply.code(503).header('retry-after', '5').send({ message: error.message });
      } finally {
        decoding.delete(account);
      }
      if (!vehicle) throw httpError(404, 'We could not decode this VIN');
      const make = vehicle.make.toLowerCase();
      const category = (await app.repos.products.listCategories()).find(
        (c) => c.categoryName.toLowerCase() === make,
      );
      return {
        vin,
        ...vehicle,
        category: category?.categoryName ?? null,
        listed: category !== undefined,
      };
    },
  );
};

export default vinRoutes;
