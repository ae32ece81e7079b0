import type { FairPrice } from '../../lib/api';
import { formatPrice } from '../../lib/format';

/** The price signal's words, by the server's rating. */
export const RATING_LABEL: Record<FairPrice['rating'], string> = {
  great: 'Great deal',
  good: 'Good deal',
  fair: 'Fair price',
  high: 'High price',
};

const cars = (n: number) => `${n} similar ${n === 1 ? 'car' : 'cars'}`;

/** The rating's basis in one line: "$4,200 below the median of 23 similar cars". */
export function priceBasis(price: number, fairPrice: FairPrice): string {
  const difference = Math.round(price - fairPrice.median);
  const of = `the median of ${cars(fairPrice.comparables)}`;
  if (difference === 0) return `At ${of}`;
  const side = difference < 0 ? 'below' : 'above';
  return `${formatPrice(Math.abs(difference))} ${side} ${of}`;
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** 'Member since Nov 2024' (the account's creation date). */
export function memberSince(iso: string): string {
  const date = new Date(iso);
  return `Member since ${Number.isNaN(date.getTime()) ? iso : monthYear.format(date)}`;
}

/** '1 car sold', '12 cars sold'. */
export function carsSold(n: number): string {
  return `${n} ${n === 1 ? 'car' : 'cars'} sold`;
}
