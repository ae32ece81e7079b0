import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

/** What `ready` answers while the server drains its requests before it exits. */
export const SHUTTING_DOWN = 'the server is shutting down';

const health: FastifyPluginAsyncTypebox = async (app) => {
  const answers = {
    200: Type.Ref('Health'),
    503: Type.Ref('Unavailable'),
  };
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Answers ok once the database and the sign-in provider are reachable',
        response: answers,
      },
    },
    async (_request, reply) => {
      const problem = await app.readiness();
      if (problem) return reply.code(503).send({ status: 'unavailable', message: problem });
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'getHealthLive',
        tags: ['system'],
        summary: 'Answers ok while the process answers at all (a restart is due when it does not)',
        description:
          'Asks nothing of the database or the sign-in provider, and stays ok while the server ' +
          'drains its requests before it exits.',
        response: { 200: Type.Ref('Health') },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'getHealthReady',
        tags: ['system'],
        summary: 'Answers ok while this server should be sent requests',
        description:
          'The database is reachable and migrated, the sign-in provider answers (demo mode) and ' +
          `the server is not shutting down: after a SIGTERM it answers 503 '${SHUTTING_DOWN}' ` +
          'while it finishes the requests in flight. A load balancer checks this one.',
        response: answers,
      },
    },
    async (_request, reply) => {
      const problem = app.lifecycle.draining ? SHUTTING_DOWN : await app.readiness();
      if (problem) return reply.code(503).send({ status: 'unavailable', message: problem });
      return { status: 'ok' as const };
    },
  );
};

export default health;
