import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc } from 'drizzle-orm';
import { categories } from '../db/schema';

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
    async () =>
      app.db
        .select({
          _id: categories._id,
          categoryName: categories.categoryName,
          image: categories.image,
          rating: categories.rating,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.categoryName)),
  );
};

export default categoryRoutes;
