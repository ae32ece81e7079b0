import { Type, type Static } from '@sinclair/typebox';

/** Every error answer: one clear message (naming the field where there is one). */
export const ErrorMessage = Type.Object(
  { message: Type.String(), requestId: Type.Optional(Type.String()) },
  { $id: 'ErrorMessage', title: 'ErrorMessage' },
);

export const Health = Type.Object(
  { status: Type.Literal('ok') },
  { $id: 'Health', title: 'Health' },
);

export const Unavailable = Type.Object(
  { status: Type.Literal('unavailable'), message: Type.String() },
  { $id: 'Unavailable', title: 'Unavailable' },
);

export const Category = Type.Object(
  {
    _id: Type.String(),
    categoryName: Type.String(),
    image: Type.String({ description: 'URL of the category picture' }),
    rating: Type.Number({ minimum: 0, maximum: 5 }),
  },
  { $id: 'Category', title: 'Category' },
);
export type Category = Static<typeof Category>;

export const sharedSchemas = [ErrorMessage, Health, Unavailable, Category];
