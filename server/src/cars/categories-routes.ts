import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sendCatalogue } from '../platform/cache/catalogue-answers';

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        operationId: 'getCategories',
        tags: ['catalogue'],
        summary: 'The car brand categories (open to anyone)',
        response: { 200: Type.Array(Type.Ref('Category')) },
      },
    },
    async (_request, reply) =>
      sendCatalogue(app, reply, 'categories', async () => ({
        body: await app.readRepos.products.listCategories(),
      })),
  );
};

export default categoryRoutes;
