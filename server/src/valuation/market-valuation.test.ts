/** Every car's value and basis: a model's fit, the make's, the comparables, and no rating. */
import { valueMarket, type MarketCar } from './market-valuation';

const YEAR = 2026;
let next = 0;

/** A car on a simple rule: new price × 0.9^age × 0.97 per 10,000 miles, ± a little. */
function car(make: string, model: string | null, over: Partial<MarketCar> = {}): MarketCar {
  const i = next++;
  const age = i % 9;
  const mileage = age * 10_000 + (i % 7) * 1_000;
  const level = make === 'Ferrari' ? 250_000 : 50_000;
  const price =
    level * 0.9 ** age * 0.97 ** (mileage / 10_000) * (1 + ((i % 5) - 2) / 100) * (over.price ?? 1);
  return {
    id: `car-${i}`,
    make,
    model,
    modelYear: YEAR - age,
    mileage,
    condition: 'Good',
    yearsUsed: age,
    ...over,
    price: Math.round(price),
  };
}

it('values each car by its model, its make, or its comparables, and rates only with enough data', () => {
  const common = Array.from({ length: 40 }, () => car('BMW', '3 Series'));
  const rare = Array.from({ length: 6 }, () => car('BMW', 'X5', { price: 1.4 }));
  const twoOnly = Array.from({ length: 2 }, () => car('BMW', 'Z8'));
  const single = car('BMW', 'i8');
  const old = car('BMW', '3 Series', { modelYear: 1999 });
  const cheap = car('BMW', '3 Series', { price: 0.01 });
  const unknown = Array.from({ length: 6 }, () =>
    car('Tesla', null, { modelYear: null, mileage: null, yearsUsed: 3 }),
  );
  const spaced = car('BMW', '  3   series ');
  const { values, fits } = valueMarket(
    [...common, ...rare, ...twoOnly, single, old, cheap, ...unknown, spaced],
    YEAR,
  );
  const of = (c: MarketCar) => values.find((v) => v.id === c.id);

  expect(fits.map((f) => [f.make, f.model, f.basis, f.n]).sort()).toEqual([
    ['BMW', '', 'make', 52],
    ['BMW', '3 series', 'model', 43],
    ['BMW', 'x5', 'make', 6],
    ['BMW', 'z8', 'make', 2],
  ]);
  // A 3 Series at its model's line: close to its price (±2 % noise).
  const first = of(common[10]!)!;
  expect(first).toMatchObject({ basis: 'model', make: 'BMW', model: '3 series', comparables: 0 });
  expect(first.ratio).toBeGreaterThan(0.97);
  expect(first.ratio).toBeLessThan(1.03);
  // The X5s (40 % dearer) at the make's slopes and their own level, rated (6 listings).
  expect(of(rare[0]!)).toMatchObject({ basis: 'make', model: 'x5', ratio: expect.closeTo(1, 1) });
  // Two Z8s: a value, but too little data to rate; one i8: no value.
  expect(of(twoOnly[0]!)).toMatchObject({ basis: 'make', ratio: Infinity });
  expect(of(single)).toBeUndefined();
  // Over 25 years old, or under $1,500: valued, not rated.
  expect(of(old)).toMatchObject({ basis: 'model', ratio: Infinity });
  expect(cheap.price).toBeLessThan(1_500);
  expect(of(cheap)).toMatchObject({ basis: 'model', ratio: Infinity });
  // The model's name is grouped whatever its case and spacing.
  expect(of(spaced)).toMatchObject({ basis: 'model', model: '3 series' });
  // No vehicle data: the comparables (same make and condition, years used within 2).
  const median = [...unknown.map((c) => c.price)].sort((a, b) => a - b);
  expect(of(unknown[0]!)).toEqual({
    id: unknown[0]!.id,
    value: Math.round((median[2]! + median[3]!) / 2),
    basis: 'comparables',
    make: 'Tesla',
    model: '',
    comparables: 6,
    ratio: unknown[0]!.price / Math.round((median[2]! + median[3]!) / 2),
  });
});

it('falls back to the comparables when a make is too small for a fit, and rates them from 5', () => {
  const few = Array.from({ length: 4 }, () => car('Ferrari', 'Roma', { yearsUsed: 1 }));
  const { values, fits } = valueMarket(few, YEAR);
  expect(fits).toEqual([]);
  expect(values).toHaveLength(4);
  expect(values.every((v) => v.basis === 'comparables' && v.ratio === Infinity)).toBe(true);
  const five = [...few, car('Ferrari', 'Roma', { yearsUsed: 2 })];
  const rated = valueMarket(five, YEAR).values;
  expect(rated.every((v) => v.comparables === 5 && Number.isFinite(v.ratio))).toBe(true);
});

it("weighs a new account's cars little in the comparables' median", () => {
  // Five established sellers' cars without vehicle data at $20,000, seven new accounts' at $9,000.
  const bare = { model: null, modelYear: null, mileage: null, yearsUsed: 3 };
  const cars: MarketCar[] = [
    ...Array.from({ length: 5 }, (_, i) => ({
      ...car('Saab', null, bare),
      price: 20_000 + 100 * i,
      seller: `dealer-${i}`,
    })),
    ...Array.from({ length: 7 }, (_, i) => ({
      ...car('Saab', null, bare),
      price: 9_000,
      seller: `new-${i}`,
      trust: 0.05,
    })),
  ];
  const { values } = valueMarket(cars, YEAR);
  expect(new Set(values.map((v) => v.value))).toEqual(new Set([20_200]));
  expect(values[0]).toMatchObject({ basis: 'comparables', comparables: 12 });
});
