/** The TypeBox schemas of a car's market value and the fair price rated against it. */
import { Type } from '@sinclair/typebox';
import { RATING_RATIOS } from './fair-price';
import { MAX_RATED_AGE, MIN_RATED_PRICE, MODEL_FIT_MIN } from './market-valuation';
import { COMPARABLE_YEARS, FAIR_PRICE_RATINGS, MIN_COMPARABLES } from './value-types';

const [great, good, fair] = RATING_RATIOS.map(([, upTo]) => upTo);

export const FairPrice = Type.Object(
  {
    rating: Type.Union(
      FAIR_PRICE_RATINGS.map((r) => Type.Literal(r)),
      {
        description:
          `the price ÷ the market value: 'great' up to ${great}, 'good' up to ${good}, ` +
          `'fair' up to ${fair}, 'high' above (the same ratio the \`deal\` sort orders by)`,
      },
    ),
    median: Type.Number({
      description: "the car's market value, whole dollars (the name is the original API's)",
    }),
    comparables: Type.Integer({
      minimum: MIN_COMPARABLES,
      description: 'how many cars for sale the value rests on (see MarketValue.listings)',
    }),
  },
  {
    $id: 'FairPrice',
    title: 'FairPrice',
    description:
      `How the price compares with the car's market value (MarketValue), refreshed in the ` +
      `background a few seconds after a change. Null (in the answers) until the car has a value, ` +
      `with fewer than ${MIN_COMPARABLES} cars behind it, for a car over ${MAX_RATED_AGE} years ` +
      `old, and for a price under $${MIN_RATED_PRICE.toLocaleString('en-US')}.`,
  },
);

export const MarketValue = Type.Object(
  {
    value: Type.Integer({ minimum: 1, description: 'the market value, whole dollars' }),
    basis: Type.Union([Type.Literal('model'), Type.Literal('make'), Type.Literal('comparables')], {
      description:
        `'model': a least-squares line of log(price) on age, mileage and condition through the ` +
        `model's cars for sale (${MODEL_FIT_MIN} or more); 'make': the make's slopes at the ` +
        `model's own level (a rarer model); 'comparables': the median price of the cars for ` +
        `sale of the same make and condition whose years used are within ±${COMPARABLE_YEARS} ` +
        '(a car without model, model year or mileage)',
    }),
    listings: Type.Integer({
      minimum: 1,
      description: "the model's cars for sale ('model', 'make'), or the comparables",
    }),
    makeListings: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: "the make's cars for sale, for a value from the make's fit; else null",
    }),
    rated: Type.Boolean({ description: 'whether the price is rated against it (fairPrice)' }),
  },
  { $id: 'MarketValue', title: 'MarketValue' },
);
