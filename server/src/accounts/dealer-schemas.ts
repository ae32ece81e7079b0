/**
 * A seller's business as the API takes and answers it: the dealer profile of account settings,
 * shown on the seller's page and in the `seller` block of their cars.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LIMITS, SingleLine } from '../platform/http/schemas';
import { PHONE_PATTERN, PHONE_RULE } from './phone';

/** The longest opening hours and website a profile takes. */
export const DEALER_LIMITS = { address: 200, hours: 200, website: 200 } as const;

const DAY = '(Mo|Tu|We|Th|Fr|Sa|Su)';
const DAYS = `${DAY}(-${DAY})?(,${DAY}(-${DAY})?)*`;
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]';
const HOURS_ENTRY = `${DAYS} ${TIME}-(${TIME}|24:00)`;
/** schema.org's `openingHours`: 'Mo-Fr 09:00-18:00, Sa 10:00-14:00'. */
export const HOURS_PATTERN = `^${HOURS_ENTRY}(, ${HOURS_ENTRY})*$`;

const HOURS_RULE =
  "days and times as 'Mo-Fr 09:00-18:00, Sa 10:00-14:00' (days Mo Tu We Th Fr Sa Su, a range " +
  'with -, several with a comma; 24-hour times; entries separated by a comma and a space)';

export const DealerProfileBody = Type.Object(
  {
    name: SingleLine(LIMITS.name, "the business's name, as its sign says"),
    address: SingleLine(DEALER_LIMITS.address, 'the street address (street and number)'),
    zip: Type.String({
      maxLength: 10,
      description: "a five-digit US ZIP code. Unknown: 400 'zip: no such US ZIP code'",
    }),
    phone: Type.String({ pattern: `^${PHONE_PATTERN}$`, maxLength: 20, description: PHONE_RULE }),
    hours: Type.Optional(
      Type.Union(
        [
          Type.String({ pattern: HOURS_PATTERN, maxLength: DEALER_LIMITS.hours }),
          Type.Literal(''),
          Type.Null(),
        ],
        { description: `${HOURS_RULE}; empty or null: not given` },
      ),
    ),
    website: Type.Optional(
      Type.Union(
        [
          Type.String({ pattern: '^https?://[^\\s]+$', maxLength: DEALER_LIMITS.website }),
          Type.Literal(''),
          Type.Null(),
        ],
        {
          description:
            'an http:// or https:// address of a site, as https://example.com; empty or null: ' +
            'not given',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DealerProfileBody = Static<typeof DealerProfileBody>;

export const DealerProfile = Type.Object(
  {
    name: Type.String(),
    address: Type.String({ description: 'the street address' }),
    zip: Type.String({ description: 'its five-digit US ZIP code' }),
    city: Type.String({ description: "the ZIP code's city" }),
    state: Type.String({ description: "the ZIP code's state (two letters)" }),
    phone: Type.String(),
    hours: Type.Union([Type.String(), Type.Null()], {
      description:
        "opening hours as schema.org's openingHours: 'Mo-Fr 09:00-18:00, Sa 10:00-14:00'",
    }),
    website: Type.Union([Type.String(), Type.Null()], { description: 'an http(s) address' }),
  },
  { $id: 'DealerProfile', title: 'DealerProfile', description: "a seller's business" },
);
export type DealerProfile = Static<typeof DealerProfile>;

/** A dealer profile, or null: a private seller. */
export const NullableDealer = Type.Union([Type.Ref('DealerProfile'), Type.Null()], {
  description: "the seller's business (a dealer); null: a private seller",
});

export const SellerType = Type.Union([Type.Literal('dealer'), Type.Literal('private')], {
  description: "'dealer': the seller has a dealer profile; 'private': a private seller",
});
export type SellerType = Static<typeof SellerType>;
