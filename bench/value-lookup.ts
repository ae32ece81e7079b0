/**
 * The cost of `GET /api/value`'s work (bench/value.ts): for cars of the known market, asked as a
 * caller would (make, model, model year, mileage, condition), the reads of the stored fits
 * (value-repository.ts) and the estimate (value-estimate.ts) that the route runs, timed one
 * after another: p50 and p99 in ms. Without HTTP (the route adds its parsing and the JSON).
 */
import type { Db } from '../server/src/platform/db/client';
import { modelKey, type MarketCar } from '../server/src/valuation/market-valuation';
import { estimateValue, type ValueCondition } from '../server/src/valuation/value-estimate';
import { valueRepository } from '../server/src/valuation/value-repository';

/** The p99 goal of an answer (ms). */
export const LOOKUP_GOAL_MS = 20;

export async function timeLookups(db: Db, cars: readonly MarketCar[], year: number, count = 1000) {
  const asked = cars.filter((car) => car.model && car.modelYear !== null && car.mileage !== null);
  const values = valueRepository(db);
  const times: number[] = [];
  let valued = 0;
  const total = Math.min(count, asked.length);
  // The first asks warm the database's plans and the code up, as a running server's are: untimed.
  const warmUp = Math.min(50, total);
  for (let i = -warmUp; i < total; i++) {
    const car = asked[Math.floor(((i + warmUp) * asked.length) / (total + warmUp))]!;
    const started = performance.now();
    const fits = await values.fitsOf(car.make, modelKey(car.model!));
    const spread =
      !fits.model && !fits.makeFitted
        ? await values.comparables(car.make, car.condition, year - car.modelYear!)
        : null;
    const answer = estimateValue(
      {
        make: car.make,
        model: car.model!,
        modelYear: car.modelYear!,
        mileage: car.mileage!,
        condition: car.condition as ValueCondition,
        price: car.price,
      },
      year,
      fits,
      spread,
    );
    if (i < 0) continue;
    times.push(performance.now() - started);
    if (answer.value !== null) valued++;
  }
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { asked: times.length, valued, p50: at(0.5), p99: at(0.99) };
}
