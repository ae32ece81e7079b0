/** The contract's schemas of a car and its make (each a named OpenAPI component by its `$id`). */
import { Type, type Static } from '@sinclair/typebox';
import { ImageUrl } from '../platform/http/schemas';
import { vehicleAnswerFields } from './vehicle-schemas';

/** A category's fields, as the catalogue answers them (the admin's answer adds its own). */
export const categoryFields = {
  _id: Type.String(),
  categoryName: Type.String(),
  image: Type.String({ description: 'URL of the category picture' }),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
};

export const Category = Type.Object(categoryFields, { $id: 'Category', title: 'Category' });
export type Category = Static<typeof Category>;

export const Condition = Type.Union(
  [Type.Literal('Excellent'), Type.Literal('Good'), Type.Literal('Fair')],
  { description: 'Excellent, Good or Fair' },
);

/** A smaller copy of a photo stored on this API's image host, with its true size. */
export const PhotoCopy = Type.Object(
  {
    url: Type.String({ description: 'a path on this origin, or absolute as the photo URL is' }),
    width: Type.Integer({ minimum: 1, description: 'its true width in pixels' }),
    height: Type.Integer({ minimum: 1, description: 'its true height in pixels' }),
  },
  { $id: 'PhotoCopy', title: 'PhotoCopy' },
);

/** The `…Copies` field beside a photo URL. */
export function PhotoCopies(of: string) {
  return Type.Optional(
    Type.Array(Type.Ref('PhotoCopy'), {
      description:
        `the smaller WebP copies of ${of}, narrowest first, with their true sizes (never wider ` +
        `than the original, so two copies of a small photo may be equally wide); present only ` +
        "when the photo is stored on this API's image host",
    }),
  );
}

/** Why a car is out of sale without being sold, as its owner and the admins read it. */
export const ListingModeration = Type.Object(
  {
    state: Type.Union(
      [Type.Literal('hidden'), Type.Literal('pending'), Type.Literal('suspended')],
      {
        description:
          "'hidden': hidden by a moderator; 'pending': waiting for a moderator's approval (a " +
          "new seller's car); 'suspended': hidden with its seller's suspension",
      },
    ),
    reason: Type.String({ description: "the moderator's reason (may be empty for 'pending')" }),
    reviewAsked: Type.Boolean({ description: 'the owner asked for it to be looked at again' }),
  },
  { $id: 'ListingModeration', title: 'ListingModeration' },
);

/** A seller's stored rating: the average of the visible reviews' stars and their count. */
export const SellerRating = Type.Object(
  {
    average: Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
      description: 'one decimal; null without reviews',
    }),
    count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'SellerRating', title: 'SellerRating' },
);

export const Product = Type.Object(
  {
    _id: Type.String(),
    carName: Type.String(),
    carPhoto: Type.String(),
    carPhotoCopies: PhotoCopies('carPhoto'),
    categoryName: Type.String(),
    condition: Condition,
    originalPrice: Type.Number(),
    resalePrice: Type.Number({ description: 'the selling price' }),
    productLocation: Type.String(),
    userYears: Type.Number({ description: 'years used' }),
    postTime: Type.String({ description: "the seller's local date-time string at posting" }),
    productDescription: Type.String(),
    sellerName: Type.String(),
    sellerPhoto: Type.String(),
    email: Type.String({ description: "the seller's email" }),
    advertisement: Type.Union([Type.Literal('true'), Type.Literal('false')]),
    isVerify: Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description:
        "the verified tick: 'true' when the seller is verified (also spelt isVarify in the original; stored once, on the seller)",
    }),
    sold: Type.Boolean({
      description: 'a booking of it was marked sold: it is in no list of cars for sale',
    }),
    sellerId: Type.Union([Type.String(), Type.Null()], {
      description: "the seller's account id (the seller page /sellers/{id}); null: account gone",
    }),
    sellerRating: Type.Ref('SellerRating'),
    zip: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          "the car's US ZIP code (given, or of the one US place its location names); null: " +
          'the car has no place (abroad, or a location that names none) and is in no radius search',
      }),
    ),
    place: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "the city and state of its ZIP code ('Austin, TX'); null without a ZIP",
      }),
    ),
    ...vehicleAnswerFields,
    moderation: Type.Optional(
      Type.Ref('ListingModeration', {
        description:
          'present only when the car is hidden, and only to its owner and the admins (everyone ' +
          "else gets 410 'This listing was removed' for it)",
      }),
    ),
  },
  { $id: 'Product', title: 'Product' },
);
export type Product = Static<typeof Product>;

/** A car has 1 to 10 photos. */
export const MAX_PHOTOS = 10;

export const PhotoList = Type.Array(ImageUrl, {
  minItems: 1,
  maxItems: MAX_PHOTOS,
  uniqueItems: true,
  description:
    `1 to ${MAX_PHOTOS} photos, the cover first: the image host's \`/image-host/i/…\` or the ` +
    "app's `/images/…`, as paths or on this origin, or photos of the configured outside image " +
    'host (imgbb)',
});

/** The optional ZIP code of a car's body (POST /category, PATCH /products/{id}). */
export const ZipField = Type.Optional(
  Type.Union([Type.String({ maxLength: 10 }), Type.Null()], {
    description:
      'a five-digit US ZIP code: where the car is (its Location stays as typed); absent: the ' +
      'one US place the location names, if any (on an edit, only when the location changes); ' +
      "null: no place. Not five digits or unknown: 400 'zip: no such US ZIP code'",
  }),
);
