/** The contract of bookings and their conversations: bodies, queries and answers. */
import { Type } from '@sinclair/typebox';
import { ORDER_STATUSES } from '../platform/db/schema';
import { MOVES, type Move } from './order-states';
import { MAX_OFFSET, MAX_PAGE, QueryInteger } from '../platform/http/paging';
import {
  Id,
  LIMITS,
  NumberOrNumericString,
  OptionalImageUrl,
  OneLine,
  SingleLine,
} from '../platform/http/schemas';

const Phone = Type.Union(
  [
    Type.String({ pattern: '^ *\\+?[0-9][0-9 ()-]{3,22}[0-9] *$', maxLength: LIMITS.phone }),
    Type.Integer({ minimum: 1000, maximum: 999_999_999_999_999 }),
  ],
  { description: 'a phone number (digits; spaces, dashes, brackets and a leading + allowed)' },
);

export const NewOrderBody = Type.Object(
  {
    buyerName: SingleLine(LIMITS.name),
    phone: Phone,
    meetLocation: SingleLine(LIMITS.location),
    productID: Id,
    buyerEmail: Type.Optional(
      Type.String({ maxLength: LIMITS.email, description: 'ignored: the buyer is the caller' }),
    ),
    productName: Type.Optional(
      Type.String({ maxLength: LIMITS.carName, description: 'ignored: taken from the product' }),
    ),
    // Ignored: the product's selling price is used.
    productPrice: Type.Optional(NumberOrNumericString(LIMITS.maxPrice)),
    carImage: Type.Optional(
      OptionalImageUrl(
        "an http(s) URL, a path on this origin or empty (ignored: the product's photo is used)",
      ),
    ),
  },
  { additionalProperties: false },
);

const MOVE_NAMES = Object.keys(MOVES) as Move[];

export const MoveBody = Type.Object(
  {
    status: Type.Union(
      MOVE_NAMES.map((move) => Type.Literal(move)),
      { description: MOVE_NAMES.join(', ') },
    ),
    reason: Type.Optional(OneLine(LIMITS.reason, 'why (when declining); one line of plain text')),
  },
  { additionalProperties: false },
);

export const MessageBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: LIMITS.message,
      pattern: '\\S',
      description: 'plain text, 1 to 2,000 characters',
    }),
  },
  { additionalProperties: false },
);

export const OrderIdParams = Type.Object({ id: Id });

export const ListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        ORDER_STATUSES.map((status) => Type.Literal(status)),
        { description: `only bookings in this state: ${ORDER_STATUSES.join(', ')}` },
      ),
    ),
    limit: Type.Optional(QueryInteger(1, MAX_PAGE, 'rows per page (default 50)')),
    offset: Type.Optional(QueryInteger(0, MAX_OFFSET, 'rows to skip')),
  },
  { additionalProperties: false },
);

export const Message = Type.Object(
  {
    _id: Type.String(),
    orderId: Type.String(),
    senderEmail: Type.String(),
    senderName: Type.String(),
    text: Type.String({ description: 'plain text: shown as written, never as markup' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Message', title: 'Message' },
);
