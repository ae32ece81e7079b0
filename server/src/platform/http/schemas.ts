import { Type, type Static, type TSchema } from '@sinclair/typebox';
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
// The account every caller is

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

/** Error answers for a route's response schema: `errors(400, 401, 403)`. */
export function errors(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, Type.Ref('ErrorMessage')]));
}

/** OpenAPI security requirements. */
export const ACCESS_TOKEN = [{ accessToken: [] }];
/** Open to anyone; an access token, when sent, may show more (a hidden car to its owner). */
export const OPTIONAL_ACCESS_TOKEN: Record<string, string[]>[] = [{}, { accessToken: [] }];
export const ID_TOKEN = [{ firebaseIdToken: [] }];
