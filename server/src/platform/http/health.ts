import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Answers ok once the database and the sign-in provider are reachable',
        response: {
          200: Type.Ref('Health'),
          503: Type.Ref('Unavailable'),
        },
      },
    },
    async (_request, reply) => {
      const problem = await app.readiness();
      if (problem) return reply.code(503).send({ status: 'unavailable', message: problem });
      return { status: 'ok' as const };
    },
  );
};

export default health;
