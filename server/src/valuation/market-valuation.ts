/**
 * Every car's market value from the cars for sale, pure (market-fit.ts does the arithmetic):
 *
 * 1. a model with MODEL_FIT_MIN listings or more: its own line (basis 'model');
 * 2. a rarer model (MIN_MODEL_LISTINGS or more): its make's slopes at the model's own level
 *    (basis 'make');
 * 3. a car without model, model year or mileage, or of a make too small or too uniform for a
 *    fit: today's comparables, the median price of the cars for sale of its make and condition
 *    whose years used are within COMPARABLE_YEARS of its own (basis 'comparables');
 * otherwise no value. A value is rated (its ratio price ÷ value, which the deal sort and the
 * badges read) only with RATED_MIN_LISTINGS listings behind it, a car at most MAX_RATED_AGE
 * years old, and a price of MIN_RATED_PRICE or more (as AutoTrader does).
 *
 * Listings are weighed by their seller (market-trust.ts): a new account's count little, in the
 * fits, their minimum listings and the comparables' median, and one seller's many cars in a fit
 * weigh as `sellerCars` cars at most.
 */
import {
  fitLine,
  fitMake,
  lineValue,
  weightedMedian,
  type FitPoint,
  type Line,
} from './market-fit';
import { DEFAULT_MARKET_TRUST, sellerWeights } from './market-trust';
import { COMPARABLE_YEARS, MIN_COMPARABLES } from './value-types';

export const MODEL_FIT_MIN = 20;
export const MIN_MODEL_LISTINGS = 2;
/** Listings behind a value for a rating (the contract's minimum of `comparables`). */
export const RATED_MIN_LISTINGS = MIN_COMPARABLES;
export const MAX_RATED_AGE = 25;
export const MIN_RATED_PRICE = 1_500;

export const MARKET_BASES = ['model', 'make', 'comparables'] as const;
export type MarketBasis = (typeof MARKET_BASES)[number];

const CONDITIONS = ['Excellent', 'Good', 'Fair'];

/** A car for sale as the valuation reads it. */
export interface MarketCar {
  id: string;
  make: string;
  model: string | null;
  modelYear: number | null;
  mileage: number | null;
  condition: string;
  price: number;
  yearsUsed: number;
  /** The seller (its e-mail), whose cars in a fit share a few cars' weight. */
  seller?: string;
  /** What the car counts for its seller's history (market-trust.ts; default 1). */
  trust?: number;
}

export interface CarValue {
  id: string;
  /** Whole dollars. */
  value: number;
  basis: MarketBasis;
  /** The fit's key (make, model key; '' for comparables' values). */
  make: string;
  model: string;
  /** Comparables behind a comparables value (a fit's listings are in its row). */
  comparables: number;
  /** price ÷ value when rated, else Infinity (last in the deal order). */
  ratio: number;
}

/** A stored fit: a model's line (its own, or its make's slopes at its level), or a make's. */
export interface FitRow extends Partial<Line> {
  make: string;
  /** A model's key; '' for the make's own row. */
  model: string;
  basis: 'model' | 'make';
  /** Listings of the model (of the make, for the make's row). */
  n: number;
  sigma: number | null;
}

/** The key a model is grouped by: its name, trimmed, case and spacing ignored. */
export const modelKey = (model: string): string => model.trim().replace(/\s+/g, ' ').toLowerCase();

const conditionOf = (condition: string) => Math.max(0, CONDITIONS.indexOf(condition));

/** Whether a value is rated (see the module's comment). */
export function isRated(listings: number, age: number, price: number): boolean {
  return listings >= RATED_MIN_LISTINGS && age <= MAX_RATED_AGE && price >= MIN_RATED_PRICE;
}

/**
 * Today's signal: the median price (weighed by the sellers' trust) and count of each car's
 * comparables (the cars for sale of its make and condition whose years used are within
 * COMPARABLE_YEARS of its own, itself included).
 */
export function comparablesOf(cars: readonly MarketCar[]) {
  const groups = new Map<string, MarketCar[]>();
  for (const car of cars) {
    const key = `${car.make}\u0000${car.condition}`;
    const list = groups.get(key);
    if (list) list.push(car);
    else groups.set(key, [car]);
  }
  const memo = new Map<string, { median: number; n: number }>();
  return (car: MarketCar) => {
    const key = `${car.make}\u0000${car.condition}\u0000${car.yearsUsed}`;
    const known = memo.get(key);
    if (known) return known;
    const near = (groups.get(`${car.make}\u0000${car.condition}`) ?? []).filter(
      (c) => Math.abs(c.yearsUsed - car.yearsUsed) <= COMPARABLE_YEARS,
    );
    const median = weightedMedian(
      near.map((c) => c.price),
      near.map((c) => c.trust ?? 1),
    );
    const found = { median: near.length ? median : 0, n: near.length };
    memo.set(key, found);
    return found;
  };
}

/** Whether a car has what a fit reads: a model, its model year and its mileage. */
const described = (car: MarketCar) =>
  car.model !== null &&
  modelKey(car.model) !== '' &&
  car.modelYear !== null &&
  car.mileage !== null;

/** The described cars' listings by make, then model key. */
function listingsByModel(cars: readonly MarketCar[], point: (car: MarketCar) => FitPoint) {
  const makes = new Map<string, Map<string, FitPoint[]>>();
  for (const car of cars) {
    if (!described(car)) continue;
    let models = makes.get(car.make);
    if (!models) makes.set(car.make, (models = new Map()));
    const key = modelKey(car.model!);
    const list = models.get(key);
    if (list) list.push(point(car));
    else models.set(key, [point(car)]);
  }
  return makes;
}

/** The points with their weights in a fit over them all (market-trust.ts). */
function weighed(points: FitPoint[], sellerCars: number): FitPoint[] {
  const weights = sellerWeights(points, sellerCars);
  return points.map((p, i) => ({ ...p, weight: weights[i]! }));
}

/** Every car's value, and the fits behind them, as of the calendar year `year`. */
export function valueMarket(
  cars: readonly MarketCar[],
  year: number,
  sellerCars = DEFAULT_MARKET_TRUST.sellerCars,
): { values: CarValue[]; fits: FitRow[] } {
  const point = (car: MarketCar): FitPoint => ({
    age: Math.max(0, year - car.modelYear!),
    mileage: car.mileage!,
    condition: conditionOf(car.condition),
    price: car.price,
    seller: car.seller,
    trust: car.trust ?? 1,
  });
  const makes = listingsByModel(cars, point);

  const fits: FitRow[] = [];
  const lines = new Map<string, Line>();
  const fitKey = (make: string, model: string) => `${make}\u0000${model}`;
  // The lines are fitted on the cars that could be rated: a car over MAX_RATED_AGE years old is
  // far out on the age axis, where one odd price would tilt the whole line (too far for the 3σ
  // trimming to see it), and a price under MIN_RATED_PRICE is most often a mistyped one.
  const fittable = (points: FitPoint[]) =>
    points.filter((p) => p.age <= MAX_RATED_AGE && p.price >= MIN_RATED_PRICE);
  for (const [make, all] of makes) {
    const models = new Map([...all].map(([model, points]) => [model, fittable(points)]));
    // A seller's cars are capped within each model: a dealer of every model of a make counts
    // in each of them, but no more in any one than a few cars.
    const makeModels = new Map(
      [...models].map(([model, points]) => [model, weighed(points, sellerCars)]),
    );
    const makeFit = fitMake(makeModels, MODEL_FIT_MIN);
    const total = [...all.values()].reduce((n, list) => n + list.length, 0);
    if (makeFit) {
      fits.push({
        make,
        model: '',
        basis: 'make',
        n: total,
        intercept: undefined,
        age: makeFit.age,
        mileage: makeFit.mileage,
        condition: makeFit.condition,
        sigma: makeFit.sigma,
      });
    }
    for (const [model, listed] of all) {
      const points = models.get(model)!;
      const own =
        points.length >= MODEL_FIT_MIN ? fitLine(makeModels.get(model)!, MODEL_FIT_MIN) : null;
      const offset = makeFit?.offsets.get(model);
      let line: Line | null = own;
      let basis: FitRow['basis'] = 'model';
      if (!line && makeFit && offset && points.length >= MIN_MODEL_LISTINGS) {
        line = { ...makeFit, intercept: offset.intercept };
        basis = 'make';
      }
      if (!line) continue;
      const { intercept, age, mileage, condition } = line;
      lines.set(fitKey(make, model), line);
      fits.push({
        make,
        model,
        basis,
        n: listed.length,
        intercept,
        age,
        mileage,
        condition,
        sigma: own ? own.sigma : (makeFit?.sigma ?? null),
      });
    }
  }

  const counts = new Map(fits.map((f) => [fitKey(f.make, f.model), f]));
  const comparables = comparablesOf(cars);
  const fitted = new Set(fits.map((f) => f.make));
  const values: CarValue[] = [];
  for (const car of cars) {
    const key = described(car) ? modelKey(car.model!) : '';
    const line = described(car) ? lines.get(fitKey(car.make, key)) : undefined;
    if (line) {
      const p = point(car);
      const value = Math.round(lineValue(line, p));
      const fit = counts.get(fitKey(car.make, key))!;
      if (!(value > 0) || !Number.isFinite(value)) continue;
      values.push({
        id: car.id,
        value,
        basis: fit.basis,
        make: car.make,
        model: key,
        comparables: 0,
        ratio: isRated(fit.n, p.age, car.price) ? car.price / value : Infinity,
      });
      continue;
    }
    // Comparables: for a car without vehicle data, or one whose make has no fit at all.
    if (described(car) && fitted.has(car.make)) continue;
    const found = comparables(car);
    if (found.n < 1 || !(found.median > 0)) continue;
    const value = Math.round(found.median);
    const age = car.modelYear !== null ? Math.max(0, year - car.modelYear) : car.yearsUsed;
    values.push({
      id: car.id,
      value,
      basis: 'comparables',
      make: car.make,
      model: '',
      comparables: found.n,
      ratio: isRated(found.n, age, car.price) ? car.price / value : Infinity,
    });
  }
  return { values, fits };
}
