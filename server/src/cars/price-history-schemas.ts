/** The TypeBox schemas of a car's price history in the catalogue's answers. */
import { Type } from '@sinclair/typebox';
import { SellerType } from '../accounts/dealer-schemas';
import { DROP_WINDOW_HOURS, PRICE_DROP_DAYS, PRICE_HISTORY_CAP } from './price-history';

export const PricePoint = Type.Object(
  {
    price: Type.Integer({ minimum: 0, description: 'the selling price, in whole dollars' }),
    at: Type.String({ description: 'since when (ISO date-time)' }),
  },
  { $id: 'PricePoint', title: 'PricePoint' },
);

export const PriceDrop = Type.Object(
  {
    amount: Type.Integer({
      minimum: 1,
      description: `how far under its lowest price of the ${DROP_WINDOW_HOURS} hours before, in whole dollars`,
    }),
    at: Type.String({ description: 'when (ISO date-time)' }),
  },
  {
    $id: 'PriceDrop',
    title: 'PriceDrop',
    description:
      `The price's latest change, when it was in the last ${PRICE_DROP_DAYS} days and below every ` +
      `price the car had in the ${DROP_WINDOW_HOURS} hours before it.`,
  },
);

/** What every card and a car's page carry: when it was listed, and its recent drop. */
export const priceNewsFields = {
  listedAt: Type.String({
    description: 'when the car was listed (its post time as the server recorded it; ISO date-time)',
  }),
  priceDrop: Type.Union([Type.Ref('PriceDrop'), Type.Null()], {
    description: `the price's latest change if it was a drop (PriceDrop) in the last ${PRICE_DROP_DAYS} days; else null`,
  }),
};

/** A car's page also carries its prices over time. */
export const priceHistoryField = {
  priceHistory: Type.Array(Type.Ref('PricePoint'), {
    minItems: 1,
    maxItems: PRICE_HISTORY_CAP,
    description:
      `every price the car has had, oldest first, each in whole dollars and since when: its ` +
      `price when listed, then one entry per change (at most ${PRICE_HISTORY_CAP}: the first ` +
      `and the newest ${PRICE_HISTORY_CAP - 1})`,
  }),
};

/** A product as the home page's advertisement and the category pages answer it. */
export const ListedProduct = Type.Intersect(
  [Type.Ref('Product'), Type.Object({ sellerType: SellerType, ...priceNewsFields })],
  {
    $id: 'ListedProduct',
    title: 'ListedProduct',
    description:
      'The original product, with whether its seller is a dealer, when it was listed and its ' +
      'recent price drop beside it.',
  },
);

export const priceHistorySchemas = [PricePoint, PriceDrop, ListedProduct];
