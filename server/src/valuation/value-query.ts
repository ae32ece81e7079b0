/** The parameters of `GET /value` checked, every bad one named. */
import { normaliseVin, vinProblem } from '../vehicles/vin-check';
import { VALUE_CONDITIONS, type ValueCondition } from './value-estimate';

export interface ValueQuery {
  make?: string;
  model?: string;
  year?: string;
  vin?: string;
  mileage?: string;
  condition?: string;
  price?: string;
}

/** The oldest model year asked about. */
export const OLDEST_YEAR = 1900;
export const MAX_MILEAGE = 2_000_000;
export const MAX_PRICE = 10_000_000;

interface Common {
  mileage: number;
  condition: ValueCondition;
  price?: number;
}
export type ParsedValueQuery =
  | (Common & { vin: string })
  | (Common & { make: string; model: string; modelYear: number })
  | { problems: string[] };

const WHOLE = /^\s*\d{1,9}\s*$/;

/** A whole number from `min` to `max`, or null. */
function whole(raw: string | undefined, min: number, max: number): number | null {
  if (raw === undefined || !WHOLE.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/** The query as the valuation reads it, or what is wrong with each bad or missing parameter. */
export function parseValueQuery(query: ValueQuery, now = new Date()): ParsedValueQuery {
  const problems: string[] = [];
  const newest = now.getUTCFullYear() + 1;
  const mileage = whole(query.mileage, 0, MAX_MILEAGE);
  if (mileage === null) {
    problems.push(`mileage: must be a whole number of miles from 0 to ${MAX_MILEAGE}`);
  }
  const condition = VALUE_CONDITIONS.find((c) => c === query.condition?.trim());
  if (!condition) problems.push(`condition: must be one of ${VALUE_CONDITIONS.join(', ')}`);
  const price = query.price === undefined ? undefined : whole(query.price, 1, MAX_PRICE);
  if (price === null)
    problems.push(`price: must be a whole number of dollars from 1 to ${MAX_PRICE}`);
  const named = [query.make, query.model, query.year].some((v) => v !== undefined);
  let car: { vin: string } | { make: string; model: string; modelYear: number } | null = null;
  if (query.vin !== undefined) {
    const vin = normaliseVin(query.vin);
    const problem = vinProblem(vin);
    if (named) problems.push('vin: give a VIN or make, model and year, not both');
    else if (problem) problems.push(`vin: ${problem}`);
    else car = { vin };
  } else {
    const make = query.make?.trim() ?? '';
    const model = query.model?.trim() ?? '';
    const modelYear = whole(query.year, OLDEST_YEAR, newest);
    if (!make) problems.push('make: required (or a vin)');
    if (!model) problems.push('model: required (or a vin)');
    if (modelYear === null) {
      problems.push(`year: must be a model year from ${OLDEST_YEAR} to ${newest} (or a vin)`);
    }
    if (make && model && modelYear !== null) car = { make, model, modelYear };
  }
  if (problems.length > 0 || !car || mileage === null || !condition) {
    return { problems };
  }
  return { ...car, mileage, condition, ...(price === undefined ? {} : { price: price! }) };
}
