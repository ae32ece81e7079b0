import type { FairPrice, MarketValue } from '../../lib/api';
import { formatPrice } from '../../lib/format';

/** The price signal's words, by the server's rating. */
export const RATING_LABEL: Record<FairPrice['rating'], string> = {
  great: 'Great deal',
  good: 'Good deal',
  fair: 'Fair price',
  high: 'High price',
};

/** A market value as shown: to the nearest $100 ('$41,200'). */
export const shownValue = (value: number) => Math.round(value / 100) * 100;

/** The rating's basis in one line: "$4,200 below its market value". */
export function priceBasis(price: number, fairPrice: FairPrice): string {
  const difference = Math.round(price - shownValue(fairPrice.median));
  if (difference === 0) return 'At its market value';
  const side = difference < 0 ? 'below' : 'above';
  return `${formatPrice(Math.abs(difference))} ${side} its market value`;
}

/** What a car's market value is worked out from (the fields it has, whatever the contract's). */
export interface ValuedCar {
  categoryName: string;
  condition: string;
  resalePrice: number;
  userYears: number;
  model?: string | null;
  modelYear?: number | null;
  mileage?: number | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The value and its basis in words: 'Market value $41,200, from 312 BMW 3 Series for sale, for
 * a 2019 with 48,000 miles in Good condition'.
 */
export function marketValueText(car: ValuedCar, market: MarketValue): string {
  const value = `Market value ${formatPrice(shownValue(market.value))}`;
  const make = car.categoryName;
  const model = car.model?.trim() ?? '';
  const the = `for a ${car.modelYear ?? ''} with ${count(car.mileage ?? 0)} miles in ${car.condition} condition`;
  if (market.basis === 'model') {
    return `${value}, from ${count(market.listings)} ${make} ${model} for sale, ${the}`;
  }
  if (market.basis === 'make') {
    const all = market.makeListings ?? market.listings;
    return `${value}, from ${count(all)} ${make} for sale (${count(market.listings)} of them ${model}), ${the}`;
  }
  return (
    `${value}, the median price of ${count(market.listings)} ${make} for sale in ` +
    `${car.condition} condition used within 2 years of this one`
  );
}

/** Why a car with a market value has no rating ('' when it has one). */
export function notRatedReason(car: ValuedCar, market: MarketValue, year: number): string {
  if (market.rated) return '';
  const age = car.modelYear ? year - car.modelYear : car.userYears;
  if (market.listings < 5) return 'Not rated: too few cars like it for sale.';
  if (age > 25) return 'Not rated: over 25 years old.';
  if (car.resalePrice < 1500) return 'Not rated: priced under $1,500.';
  return 'Not rated.';
}

export { carsSold, memberSince } from '../../lib/sellerRating';
