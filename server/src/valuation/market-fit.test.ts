/** The fits: an exact line recovered, noise, outliers trimmed, degenerate data refused. */
import { knownCar, ruleOf } from '../scripts/known-market';
import { fitLine, fitMake, lineValue, solve, type FitPoint } from './market-fit';

const TRUE_LINE = { intercept: Math.log(50_000), age: -0.12, mileage: -3e-6, condition: -0.08 };

/** Listings exactly on TRUE_LINE: ages 0–14, mileages by age, the three conditions. */
function onTheLine(n: number): FitPoint[] {
  return Array.from({ length: n }, (_, i) => {
    const car = {
      age: i % 15,
      mileage: (i % 15) * 11_000 + ((i * 7919) % 9_000),
      condition: i % 3,
    };
    return { ...car, price: lineValue(TRUE_LINE, car) };
  });
}

it('solves a linear system, and refuses a singular one', () => {
  expect(
    solve(
      [
        [2, 1],
        [1, 3],
      ],
      [3, 5],
    ),
  ).toEqual([expect.closeTo(0.8, 12), expect.closeTo(1.4, 12)]);
  expect(
    solve(
      [
        [1, 2],
        [2, 4],
      ],
      [3, 6],
    ),
  ).toBeNull();
});

it('recovers an exact line, and is not bent by a $1 and a $10,000,000 listing', () => {
  const exact = fitLine(onTheLine(40))!;
  expect(exact).toMatchObject({
    intercept: expect.closeTo(TRUE_LINE.intercept, 9),
    age: expect.closeTo(TRUE_LINE.age, 9),
    condition: expect.closeTo(TRUE_LINE.condition, 9),
    n: 40,
    trimmed: 0,
  });
  expect(exact.mileage).toBeCloseTo(TRUE_LINE.mileage, 12);

  const wild = [
    ...onTheLine(40),
    { age: 3, mileage: 30_000, condition: 0, price: 1 },
    { age: 5, mileage: 60_000, condition: 1, price: 10_000_000 },
  ];
  const robust = fitLine(wild)!;
  expect(robust).toMatchObject({ n: 40, trimmed: 2, age: expect.closeTo(TRUE_LINE.age, 6) });
  expect(lineValue(robust, { age: 4, mileage: 44_000, condition: 1 })).toBeCloseTo(
    lineValue(TRUE_LINE, { age: 4, mileage: 44_000, condition: 1 }),
    0,
  );
});

it('recovers the known market rule of a model from noisy listings, within a few percent', () => {
  const cars = [];
  for (let g = 2; cars.length < 1_500; g += 4) {
    const car = knownCar(g, 2026); // g % 4 = 2: BMW
    if (car.model === '3 Series') cars.push(car);
  }
  const points = cars.map((c) => ({
    age: 2026 - c.modelYear,
    mileage: c.mileage,
    condition: ['Excellent', 'Good', 'Fair'].indexOf(c.condition),
    price: c.price,
  }));
  const fit = fitLine(points)!;
  const rule = ruleOf('BMW', '3 Series')!;
  expect(fit.age).toBeCloseTo(-rule.depreciation, 2);
  expect(fit.mileage * 10_000).toBeCloseTo(-rule.perMile * 10_000, 2);
  expect(Math.exp(fit.condition)).toBeCloseTo(rule.conditionFactor, 1);
  expect(Math.exp(fit.intercept) / rule.newPrice).toBeGreaterThan(0.95);
  expect(Math.exp(fit.intercept) / rule.newPrice).toBeLessThan(1.05);
  // σ of the 8 % noise, and the mistyped prices (one in a thousand) trimmed.
  expect(fit.sigma).toBeGreaterThan(0.07);
  expect(fit.sigma).toBeLessThan(0.09);
});

it('leaves out what does not vary, and refuses degenerate data and too few listings', () => {
  // Every car the same age and in Good condition: the intercept carries both, the cars' values
  // stay right.
  const alike = onTheLine(40).map((p) => {
    const car = { ...p, age: 4, condition: 1 };
    return { ...car, price: lineValue(TRUE_LINE, car) };
  });
  const fit = fitLine(alike)!;
  expect(fit).toMatchObject({ age: 0, condition: 0, n: 40 });
  expect(fit.mileage).toBeCloseTo(TRUE_LINE.mileage, 12);
  expect(lineValue(fit, alike[7]!)).toBeCloseTo(alike[7]!.price, 6);
  // Mileage a fixed multiple of age: the two cannot be told apart.
  const tied = onTheLine(40).map((p) => ({ ...p, mileage: p.age * 10_000 }));
  expect(fitLine(tied)).toBeNull();
  expect(fitLine(onTheLine(19))).toBeNull();
  expect(fitLine(onTheLine(19), 10)).not.toBeNull();
  expect(fitLine([])).toBeNull();
});

it("fits a make's slopes within its models, each model at its own level", () => {
  const levelled = (points: FitPoint[], factor: number) =>
    points.map((p) => ({ ...p, price: p.price * factor }));
  const models = new Map([
    ['3 series', onTheLine(30)],
    ['x5', levelled(onTheLine(12), 1.5)],
    ['z8', levelled(onTheLine(3), 3)],
    ['i8', [{ age: 2, mileage: 20_000, condition: 0, price: 120_000 }]],
  ]);
  const fit = fitMake(models)!;
  expect(fit).toMatchObject({
    age: expect.closeTo(TRUE_LINE.age, 9),
    condition: expect.closeTo(TRUE_LINE.condition, 9),
    n: 45,
  });
  expect(fit.mileage).toBeCloseTo(TRUE_LINE.mileage, 12);
  expect(fit.offsets.get('x5')!.intercept).toBeCloseTo(TRUE_LINE.intercept + Math.log(1.5), 9);
  expect(fit.offsets.get('z8')).toEqual({
    intercept: expect.closeTo(TRUE_LINE.intercept + Math.log(3), 9),
    n: 3,
  });
  // A model of one listing still has its level (its own price's), but adds nothing to the slopes.
  expect(fit.offsets.get('i8')!.n).toBe(1);
  // Too few listings in models of two or more: no make fit.
  expect(fitMake(new Map([['z8', onTheLine(10)]]))).toBeNull();
});

it('weighs listings: a weight of 0 moves no line, and each counts its trust towards the minimum', () => {
  const cheap = (n: number) =>
    onTheLine(n).map((p) => ({ ...p, price: p.price * 0.45, weight: 0, trust: 0.05 }));
  const fit = fitLine([...onTheLine(30), ...cheap(40)])!;
  expect(fit.intercept).toBeCloseTo(TRUE_LINE.intercept, 6);
  expect(fit.age).toBeCloseTo(TRUE_LINE.age, 6);
  // 19 listings and 10 new accounts' (0.5 of a listing) are under 20; 19 and 20 of theirs are not.
  expect(fitLine([...onTheLine(19), ...cheap(10)])).toBeNull();
  expect(fitLine([...onTheLine(19), ...cheap(20)])).not.toBeNull();
});
