/**
 * The known market that `npm run seed:large` writes and `npm run bench:value` measures against:
 * every model of every make has a price new, a yearly depreciation, a loss per mile and a
 * condition factor, so each car's price without noise is known exactly:
 *
 *   price = new price × e^(−depreciation × age) × e^(−loss per mile × mileage) × factor^k
 *
 * (age: years since the model year; k: 0 Excellent, 1 Good, 2 Fair), and the asking price is
 * that times a log-normal noise of 8 %. Pure and deterministic: car `g` is the same on every run.
 * A few cars in a thousand carry a mistyped price (a hundred times too high or too low), as real
 * listings do, and a few models are rare, so that the market value's fallbacks are exercised.
 */
import { MAKES, type ModelRule } from './known-market-models';

export { MAKES, type ModelRule };

export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** The log-normal noise of the asking prices around the rule (σ of log price). */
export const NOISE = 0.08;
/** One car in this many has its price mistyped (×100 or ÷100). */
export const MISTYPED_EVERY = 1_000;

/** A car of the known market: its vehicle data, its rule price and its asking price. */
export interface KnownCar {
  make: string;
  /** Index of the make in MAKES (the seed's pictures follow it). */
  makeIndex: number;
  model: string;
  trim: string;
  modelYear: number;
  bodyStyle: string;
  fuel: string;
  transmission: string;
  drive: string;
  exteriorColor: string;
  mileage: number;
  owners: number;
  condition: Condition;
  /** The model's price new, whole dollars. */
  newPrice: number;
  /** The rule's price without noise, whole dollars. */
  rulePrice: number;
  /** The asking price: the rule's with noise (or mistyped), rounded to $100 (at least $100). */
  price: number;
}

const COLORS = ['Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Yellow', 'Orange'];

/** A 32-bit hash of (row, stream): the same numbers on every run (murmur3's finaliser). */
function hash(g: number, stream: number): number {
  let h = Math.imul(g ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A deterministic uniform number in [0, 1) for row `g` and stream `stream`. */
export function uniform(g: number, stream: number): number {
  return (hash(g, stream) + 0.5) / 4_294_967_296;
}

/** A deterministic standard normal number (Box–Muller over two streams). */
function normal(g: number, stream: number): number {
  return (
    Math.sqrt(-2 * Math.log(uniform(g, stream))) * Math.cos(2 * Math.PI * uniform(g, stream + 1))
  );
}

function pickWeighted<T extends { weight: number }>(items: readonly T[], u: number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let at = u * total;
  for (const item of items) {
    at -= item.weight;
    if (at < 0) return item;
  }
  return items[items.length - 1]!;
}

const pick = <T>(items: readonly T[], u: number): T => items[Math.floor(u * items.length)]!;

/** Index of a condition in CONDITIONS: the fit's condition variable. */
export const conditionIndex = (condition: string): number =>
  Math.max(0, CONDITIONS.indexOf(condition as Condition));

/** Years since the model year at `year` (0 for this year's and next year's models). */
export const ageOf = (modelYear: number, year: number): number => Math.max(0, year - modelYear);

/** The rule's price without noise, in dollars (not rounded). */
export function rulePrice(
  rule: ModelRule,
  car: { modelYear: number; mileage: number; condition: string },
  year: number,
): number {
  return (
    rule.newPrice *
    Math.exp(-rule.depreciation * ageOf(car.modelYear, year)) *
    Math.exp(-rule.perMile * car.mileage) *
    rule.conditionFactor ** conditionIndex(car.condition)
  );
}

/** The rule of a make's model, if the known market has it. */
export function ruleOf(make: string, model: string): ModelRule | undefined {
  return MAKES.find((m) => m.name === make)?.models.find((m) => m.name === model);
}

/** Car `g` (1, 2, …) of the known market, as of the calendar year `year`. */
export function knownCar(g: number, year: number): KnownCar {
  const makeIndex = g % MAKES.length;
  const make = MAKES[makeIndex]!;
  const rule = pickWeighted(make.models, uniform(g, 1));
  const last = Math.min(rule.to, year);
  const modelYear = rule.from + Math.floor(uniform(g, 2) * (last - rule.from + 1));
  const age = ageOf(modelYear, year);
  // About 11,000 miles a year, spread log-normally; a new car has a few hundred to 3,000.
  const mileage =
    age === 0
      ? 5 + Math.floor(uniform(g, 3) * 3_000)
      : Math.min(
          400_000,
          Math.round((age * 11_000 * Math.exp(0.35 * normal(g, 4))) / 10) * 10 +
            Math.floor(uniform(g, 6) * 500),
        );
  const c = uniform(g, 7);
  const condition: Condition = c < 0.35 ? 'Excellent' : c < 0.8 ? 'Good' : 'Fair';
  const exact = rulePrice(rule, { modelYear, mileage, condition }, year);
  let asked = exact * Math.exp(NOISE * normal(g, 8));
  if (Math.floor(uniform(g, 10) * MISTYPED_EVERY) === 0) {
    asked = uniform(g, 11) < 0.5 ? asked / 100 : asked * 100;
  }
  return {
    make: make.name,
    makeIndex,
    model: rule.name,
    trim: pick(rule.trims, uniform(g, 12)),
    modelYear,
    bodyStyle: rule.bodyStyle,
    fuel: rule.fuel,
    transmission: rule.transmission,
    drive: rule.drive,
    exteriorColor: pick(COLORS, uniform(g, 13)),
    mileage,
    owners: 1 + Math.min(4, Math.floor(age / 4 + uniform(g, 14) * 2)),
    condition,
    newPrice: rule.newPrice,
    rulePrice: Math.round(exact),
    price: Math.max(100, Math.round(asked / 100) * 100),
  };
}
