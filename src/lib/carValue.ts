import type { ValueCarApiArg } from './api';
import { formatPrice } from './format';

/** A car as a form has it typed: every field a string. */
export interface ValueFields {
  make: string;
  model: string;
  year: string;
  mileage: string;
  condition: string;
  price?: string;
}

const WHOLE = /^\d{1,9}$/;
const CONDITIONS = ['Excellent', 'Good', 'Fair'];

/**
 * The question `GET /value` is asked (make, model, model year, mileage, condition, and the price
 * when it is a whole number), or null while one of them is missing or not a number.
 */
export function valueArgs(fields: ValueFields): ValueCarApiArg | null {
  const make = fields.make.trim();
  const model = fields.model.trim();
  const year = fields.year.trim();
  const mileage = fields.mileage.trim().replace(/,/g, '');
  if (!make || !model || !/^\d{4}$/.test(year) || !WHOLE.test(mileage)) return null;
  if (!CONDITIONS.includes(fields.condition)) return null;
  const price = fields.price?.trim().replace(/,/g, '');
  const whole = price && /^\d+(\.\d+)?$/.test(price) ? String(Math.round(Number(price))) : '';
  return {
    make,
    model,
    year,
    mileage,
    condition: fields.condition,
    ...(whole && Number(whole) >= 1 ? { price: whole } : {}),
  };
}

/** A value to the nearest $100, as the car's page shows one ('$31,400'). */
export const aboutPrice = (value: number) => formatPrice(Math.round(value / 100) * 100);

/** '(from 214 similar cars)'. */
export const fromSimilar = (n: number) =>
  `from ${n.toLocaleString('en-US')} similar car${n === 1 ? '' : 's'}`;

/** The query that opens Add product filled in with this car ('List it for …'). */
export function addProductQuery(car: {
  make: string;
  model: string;
  year: number | string;
  mileage: number | string;
  condition: string;
  price: number;
}): string {
  const query = new URLSearchParams({
    make: car.make,
    model: car.model,
    year: String(car.year),
    mileage: String(car.mileage),
    condition: car.condition,
    price: String(car.price),
  });
  return `?${query.toString()}`;
}
