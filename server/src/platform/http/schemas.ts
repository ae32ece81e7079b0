import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { vehicleAnswerFields } from '../../cars/vehicle-schemas';
import { ORDER_STATUSES } from '../db/schema';
import { ONE_LINE_PATTERN, SINGLE_LINE_PATTERN } from './single-line';

/**
 * The contract's shared schemas (each becomes a named OpenAPI component by its `$id`) and the
 * field rules that every body, parameter and query uses.
 */

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

/** A category's fields, as the catalogue answers them (the admin's answer adds its own). */
export const categoryFields = {
  _id: Type.String(),
  categoryName: Type.String(),
  image: Type.String({ description: 'URL of the category picture' }),
  rating: Type.Number({ minimum: 0, maximum: 5 }),
};

export const Category = Type.Object(categoryFields, { $id: 'Category', title: 'Category' });
export type Category = Static<typeof Category>;

// ---------------------------------------------------------------------------------------------
// Field rules

/** Limits, in one place (docs/api.md lists them). */
export const LIMITS = {
  name: 100,
  email: 254,
  url: 2048,
  carName: 120,
  location: 200,
  description: 4000,
  postTime: 64,
  categoryName: 50,
  phone: 24,
  /** The most a search filter or an order names (a search may ask for anything a car may cost). */
  maxPrice: 100_000_000,
  /**
   * The most a car (its price, and its price new) may cost: the dearest cars for sale cost a few
   * millions; a larger price is a typo or a trick (a 'price drop' of millions to its savers).
   */
  maxCarPrice: 10_000_000,
  maxYears: 100,
  message: 2000,
  reason: 500,
} as const;

/** A stored record's id: Mongo-like 24 hex digits for new records; seed ids are readable. */
export const Id = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: "a record's _id (letters, digits, _ and -)",
});

/** Non-blank text that may span lines (a car's description). */
export function Text(maxLength: number, description?: string) {
  return Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
}

/**
 * A non-blank line of text (a name, a place): no line breaks or other control characters,
 * since such text reaches e-mails (http/single-line.ts).
 */
export function SingleLine(maxLength: number, description?: string) {
  return Type.String({ minLength: 1, maxLength, pattern: SINGLE_LINE_PATTERN, description });
}

/** One line of text that may be empty (an optional reason). */
export function OneLine(maxLength: number, description?: string) {
  return Type.String({ maxLength, pattern: ONE_LINE_PATTERN, description });
}

export const Email = Type.String({
  minLength: 3,
  maxLength: LIMITS.email,
  pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$',
  description: 'an email address (compared case-insensitively)',
});

/** An image URL: absolute http(s), or a path on this origin (the built-in image host, seed). */
export const ImageUrl = Type.String({
  minLength: 1,
  maxLength: LIMITS.url,
  pattern: '^(https?://[^\\s]+|/[^\\s/][^\\s]*)$',
  description: 'an http(s) URL or a path on this origin',
});

/** An image URL, or nothing (empty or null). */
export function OptionalImageUrl(description: string) {
  return Type.Union(
    [
      Type.String({
        maxLength: LIMITS.url,
        pattern: '^(https?://[^\\s]+|/[^\\s/][^\\s]*)?$',
      }),
      Type.Null(),
    ],
    { description },
  );
}

/**
 * A number the forms send as text: a JSON number or a numeric string such as "38500" or
 * "12.5". Answers always carry numbers.
 */
export function NumberOrNumericString(maximum: number): TSchema {
  return Type.Union(
    [
      Type.Number({ minimum: 0, maximum }),
      Type.String({ pattern: '^\\s*\\d{1,12}(\\.\\d{1,4})?\\s*$', maxLength: 24 }),
    ],
    {
      // The error handler answers "<field>: must be <description>" for a failed union.
      description: `a number from 0 to ${maximum}, or a numeric string such as "12.5"`,
    },
  );
}

/** Converts a validated NumberOrNumericString value; null when out of range. */
export function toNumber(value: number | string, maximum: number): number | null {
  const number = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(number) && number >= 0 && number <= maximum ? number : null;
}

// ---------------------------------------------------------------------------------------------
// Entities

export const User = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    userRole: Type.Union([Type.Literal('Seller'), Type.Literal('Buyer'), Type.Literal('Admin')]),
    userImg: Type.String({ description: 'photo URL (may be empty)' }),
    userVerify: Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description: "'true' once an admin has verified this seller",
    }),
  },
  { $id: 'User', title: 'User' },
);
export type User = Static<typeof User>;

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
function PhotoCopies(of: string) {
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

/** A booking's states (server/src/bookings/order-states.ts has the moves between them). */
export const OrderStatus = Type.Union(
  ORDER_STATUSES.map((status) => Type.Literal(status)),
  { $id: 'OrderStatus', title: 'OrderStatus', description: ORDER_STATUSES.join(', ') },
);

export const Order = Type.Object(
  {
    _id: Type.String(),
    buyerName: Type.String(),
    buyerEmail: Type.String(),
    productName: Type.String(),
    productPrice: Type.Number({ description: "the product's selling price when ordered" }),
    phone: Type.String(),
    meetLocation: Type.String(),
    productID: Type.String(),
    carImage: Type.String(),
    carImageCopies: PhotoCopies('carImage'),
    status: Type.Ref('OrderStatus'),
    history: Type.Array(
      Type.Object({ status: Type.Ref('OrderStatus'), at: Type.String({ format: 'date-time' }) }),
      { description: 'each state the booking has been in, with its time, oldest first' },
    ),
    sellerEmail: Type.String({ description: "the car's seller, copied when booked" }),
    sellerName: Type.String(),
    sellerId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "the seller's account (their page, /sellers/{id}); null: account gone",
      }),
    ),
    reason: Type.Optional(Type.String({ description: 'why it was declined' })),
    createdAt: Type.String({ format: 'date-time', description: 'when it was booked' }),
  },
  { $id: 'Order', title: 'Order' },
);
export type Order = Static<typeof Order>;

// ---------------------------------------------------------------------------------------------
// Answers shaped like the seed's MongoDB results (the client reads these fields)

export const InsertResult = Type.Object(
  { acknowledged: Type.Literal(true), insertedId: Type.String() },
  { $id: 'InsertResult', title: 'InsertResult' },
);

export const UpdateResult = Type.Object(
  {
    acknowledged: Type.Literal(true),
    matchedCount: Type.Integer(),
    modifiedCount: Type.Integer(),
  },
  { $id: 'UpdateResult', title: 'UpdateResult' },
);

export const UpsertResult = Type.Object(
  {
    acknowledged: Type.Literal(true),
    matchedCount: Type.Integer(),
    modifiedCount: Type.Integer(),
    upsertedCount: Type.Integer(),
    upsertedId: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'UpsertResult', title: 'UpsertResult' },
);

export const DeleteResult = Type.Object(
  { acknowledged: Type.Literal(true), deletedCount: Type.Integer() },
  { $id: 'DeleteResult', title: 'DeleteResult' },
);

export const AccessToken = Type.Object(
  { accessToken: Type.String({ description: 'send as `authorization: bearer <accessToken>`' }) },
  { $id: 'AccessToken', title: 'AccessToken' },
);

export const sharedSchemas = [
  ErrorMessage,
  Health,
  Unavailable,
  Category,
  User,
  PhotoCopy,
  ListingModeration,
  SellerRating,
  Product,
  OrderStatus,
  Order,
  InsertResult,
  UpdateResult,
  UpsertResult,
  DeleteResult,
  AccessToken,
];

/** Error answers for a route's response schema: `errors(400, 401, 403)`. */
export function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, Type.Ref('ErrorMessage')]));
}

/** OpenAPI security requirements. */
export const ACCESS_TOKEN = [{ accessToken: [] }];
/** Open to anyone; an access token, when sent, may show more (a hidden car to its owner). */
export const OPTIONAL_ACCESS_TOKEN: Record<string, string[]>[] = [{}, { accessToken: [] }];
export const ID_TOKEN = [{ firebaseIdToken: [] }];
