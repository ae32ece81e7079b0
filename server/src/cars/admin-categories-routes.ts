import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AdminCategory, CategoryRefusal } from './categories-repository';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { SINGLE_LINE_PATTERN } from '../platform/http/single-line';
import { isCarPhotoUrl, type CarPhotoOrigins } from './car-photos';
import { ACCESS_TOKEN, errors, Id, ImageUrl } from '../platform/http/schemas';
import { categoryFields } from './car-schemas';

/** A category's name: 2 to 40 characters once trimmed, one line (docs/api.md). */
export const CATEGORY_NAME = { min: 2, max: 40 } as const;
/** What a name may hold: letters of any script, digits, spaces and . & ' - (it is in URLs). */
const NAME_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .&'-]*$/u;

export const EXISTS = 'This category already exists';
export const HAS_CARS = 'This category still has cars';

export const AdminCategorySchema = Type.Object(
  {
    ...categoryFields,
    position: Type.Integer({
      minimum: 1,
      description: 'its place in the display order, from 1 (the home page shows the first four)',
    }),
    cars: Type.Integer({ minimum: 0, description: 'its cars, sold ones included' }),
  },
  { $id: 'AdminCategory', title: 'AdminCategory' },
);

/** The admin's schemas, registered with the shared ones. */
export const adminCategorySchemas = [AdminCategorySchema];

const Name = Type.String({
  minLength: CATEGORY_NAME.min,
  maxLength: CATEGORY_NAME.max,
  pattern: SINGLE_LINE_PATTERN,
  description:
    `the make, ${CATEGORY_NAME.min} to ${CATEGORY_NAME.max} characters once trimmed: letters, ` +
    "digits, spaces and . & ' - (unique whatever its letter case)",
});
const Picture = { ...ImageUrl, description: "the category's picture, on this app's image host" };
const Rating = Type.Number({ minimum: 0, maximum: 5, description: 'from 0 to 5 (e.g. 4.5)' });

const NewCategory = Type.Object(
  {
    categoryName: Name,
    image: Picture,
    rating: Type.Optional({ ...Rating, default: 4.5, description: 'from 0 to 5; default 4.5' }),
  },
  { additionalProperties: false },
);

const CategoryChange = Type.Object(
  {
    categoryName: Type.Optional(Name),
    image: Type.Optional(Picture),
    rating: Type.Optional(Rating),
    position: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description: 'move it to this place (1: first); a place past the end is the last',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export interface AdminCategoryOptions {
  /** Where a picture may come from (as a car's photos). */
  photoOrigins: CarPhotoOrigins;
}

/** A name as stored: trimmed, checked; a 400 naming the field otherwise. */
function cleanName(raw: string): string {
  const name = raw.trim();
  if (name.length < CATEGORY_NAME.min || name.length > CATEGORY_NAME.max) {
    throw httpError(
      400,
      `categoryName: must be ${CATEGORY_NAME.min} to ${CATEGORY_NAME.max} characters`,
    );
  }
  if (!NAME_CHARACTERS.test(name)) {
    throw httpError(
      400,
      "categoryName: must start with a letter or digit and hold only letters, digits, spaces and . & ' -",
    );
  }
  return name;
}

/** The outcome of a write, or its 409. */
function written<T extends AdminCategory | number | null>(outcome: T | CategoryRefusal): T {
  if (outcome !== null && typeof outcome === 'object' && 'refused' in outcome) {
    throw httpError(409, outcome.refused === 'exists' ? EXISTS : HAS_CARS);
  }
  return outcome as T;
}

const adminCategoryRoutes: FastifyPluginAsyncTypebox<AdminCategoryOptions> = async (
  app,
  options,
) => {
  const admin = [app.authenticate, app.requireRole('Admin')];
  const checkPicture = (image: string | undefined) => {
    if (image !== undefined && !isCarPhotoUrl(image, options.photoOrigins)) {
      const places = [options.photoOrigins.publicOrigin, ...options.photoOrigins.imageOrigins];
      throw httpError(400, `image: must be a picture on this host (${places.join(' or ')})`);
    }
  };

  app.get(
    '/admin/categories',
    {
      onRequest: admin,
      schema: {
        operationId: 'getAdminCategories',
        tags: ['admin'],
        summary: 'Every category in display order, with its number of cars (admin only)',
        security: ACCESS_TOKEN,
        response: { 200: Type.Array(Type.Ref('AdminCategory')), ...errors(401, 403) },
      },
    },
    () => app.repos.categories.list(),
  );

  app.post(
    '/admin/categories',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: {
        operationId: 'addCategory',
        tags: ['admin'],
        summary: 'Adds a category, last in the display order (admin only)',
        description:
          'The older `POST /category` posts a car; this adds a make. 409 "This category ' +
          'already exists" when the name is taken in any letter case.',
        security: ACCESS_TOKEN,
        body: NewCategory,
        response: { 201: Type.Ref('AdminCategory'), ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const categoryName = cleanName(body.categoryName);
      checkPicture(body.image);
      const created = written(
        await app.repos.categories.create({
          categoryName,
          image: body.image,
          rating: body.rating ?? 4.5,
        }),
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/admin/categories/:id',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: {
        operationId: 'updateCategory',
        tags: ['admin'],
        summary: 'Renames, repictures, rerates or moves a category (admin only)',
        description:
          'A new name is its cars\' too. 409 "This category already exists" when the new name ' +
          "is another category's in any letter case.",
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: CategoryChange,
        response: { 200: Type.Ref('AdminCategory'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const { body } = request;
      if (Object.values(body).every((value) => value === undefined)) {
        throw httpError(400, 'body: must change categoryName, image, rating or position');
      }
      const categoryName =
        body.categoryName === undefined ? undefined : cleanName(body.categoryName);
      checkPicture(body.image);
      const changed = written(
        await app.repos.categories.update(request.params.id, {
          ...(categoryName === undefined ? {} : { categoryName }),
          ...(body.image === undefined ? {} : { image: body.image }),
          ...(body.rating === undefined ? {} : { rating: body.rating }),
          ...(body.position === undefined ? {} : { position: body.position }),
        }),
      );
      if (!changed) throw httpError(404, 'id: no such category');
      return changed;
    },
  );

  app.delete(
    '/admin/categories/:id',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: {
        operationId: 'deleteCategory',
        tags: ['admin'],
        summary: 'Deletes a category that has no cars (admin only)',
        description:
          '409 "This category still has cars" while any car, sold ones included, is in it.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('DeleteResult'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const deletedCount = written(await app.repos.categories.remove(request.params.id));
      if (deletedCount === 0) throw httpError(404, 'id: no such category');
      return { acknowledged: true as const, deletedCount };
    },
  );
};

export default adminCategoryRoutes;
