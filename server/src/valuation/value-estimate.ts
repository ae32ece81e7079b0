/**
 * 'What's my car worth?': a described car (make, model, model year, mileage, condition) valued
 * from the stored fits (market_fits, written by market-refresh.ts), never fitted again per
 * request. A model with a line of its own or its make's slopes at its level is valued by that
 * line, its range the line's 80 % prediction interval (value × e^(±1.2816 σ)); a make without any
 * fit falls back on the comparables the fits fall back on (market-valuation.ts: the cars for sale
 * of the make and condition whose years used are within COMPARABLE_YEARS of the car's age), its
 * range their 10th to 90th percentile.
 */
import { rateRatio } from './fair-price';
import { lineValue } from './market-fit';
import { isRated, modelKey, type FitRow } from './market-valuation';
import { MIN_COMPARABLES, type FairPriceRating } from './value-types';

/** The normal distribution's 90th percentile: ±z σ holds 80 % of the residuals. */
export const Z_80 = 1.2816;

const CONDITION_INDEX = { Excellent: 0, Good: 1, Fair: 2 } as const;
export type ValueCondition = keyof typeof CONDITION_INDEX;
export const VALUE_CONDITIONS = Object.keys(CONDITION_INDEX) as ValueCondition[];

/** The car asked about. */
export interface ValueQuestion {
  /** The make as its category names it. */
  make: string;
  model: string;
  modelYear: number;
  mileage: number;
  condition: ValueCondition;
  price?: number;
}

/** The comparables of a make without a fit: their count and price percentiles. */
export interface ComparableSpread {
  n: number;
  p10: number;
  median: number;
  p90: number;
}

export type ValueAnswer =
  | {
      value: number;
      low: number;
      high: number;
      comparables: number;
      basis: 'model' | 'make' | 'comparables';
      rating?: FairPriceRating | null;
    }
  | { value: null; reason: string };

/** Why a car has no value (the form and the page say it as is). */
export const NOT_ENOUGH = 'Not enough similar cars to value it';

/** The rating a price would get against a value resting on `listings` listings, or null. */
function ratingOf(price: number | undefined, value: number, listings: number, age: number) {
  if (price === undefined) return undefined;
  return isRated(listings, age, price) ? rateRatio(price / value) : null;
}

/**
 * The answer from the model's fit row (its own line, or its make's slopes at its level), the
 * make's own row (whether the make has a fit at all) and, for a make without one, the
 * comparables' spread.
 */
export function estimateValue(
  question: ValueQuestion,
  year: number,
  fits: { model: FitRow | null; makeFitted: boolean },
  spread: ComparableSpread | null,
): ValueAnswer {
  const age = Math.max(0, year - question.modelYear);
  const line = fits.model;
  if (
    line &&
    line.intercept != null &&
    line.age != null &&
    line.mileage != null &&
    line.condition != null
  ) {
    const centre = lineValue(
      {
        intercept: line.intercept,
        age: line.age,
        mileage: line.mileage,
        condition: line.condition,
      },
      { age, mileage: question.mileage, condition: CONDITION_INDEX[question.condition] },
    );
    if (Number.isFinite(centre) && centre >= 1) {
      const spreadBy = Math.exp(Z_80 * (line.sigma ?? 0));
      const value = Math.round(centre);
      return {
        value,
        low: Math.round(centre / spreadBy),
        high: Math.round(centre * spreadBy),
        comparables: line.n,
        basis: line.basis,
        ...withRating(ratingOf(question.price, value, line.n, age)),
      };
    }
  }
  if (!line && !fits.makeFitted && spread && spread.n >= MIN_COMPARABLES && spread.median > 0) {
    const value = Math.round(spread.median);
    return {
      value,
      low: Math.round(spread.p10),
      high: Math.round(spread.p90),
      comparables: spread.n,
      basis: 'comparables',
      ...withRating(ratingOf(question.price, value, spread.n, age)),
    };
  }
  return { value: null, reason: NOT_ENOUGH };
}

const withRating = (rating: FairPriceRating | null | undefined) =>
  rating === undefined ? {} : { rating };

/** The key a question's model is stored under. */
export const questionKey = (question: ValueQuestion) => modelKey(question.model);
