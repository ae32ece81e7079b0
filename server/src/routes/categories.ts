import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

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
    async () => app.repos.products.listCategories(),
  );
};

export default categoryRoutes;
