/**
 * What an import compares its rows with: the dealer's cars not sold (each with its VIN and
 * stock number), and a row's market value and rating as the valuation gives them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { estimateValue, questionKey, VALUE_CONDITIONS } from '../valuation/value-estimate';
import { valueRepository } from '../valuation/value-repository';
import type { FairPriceRating } from '../valuation/value-types';
import type { RowCar } from './import-row-check';

/** A dealer's car as an import compares it. */
export interface StockCar {
  id: string;
  vin: string | null;
  stockNumber: string | null;
  carName: string;
  categoryName: string;
  model: string | null;
  modelYear: number | null;
  trim: string | null;
  mileage: number | null;
  resalePrice: number;
  exteriorColor: string | null;
  condition: string;
  zip: string | null;
  productDescription: string;
  photos: string[];
}

/** The dealer's cars not sold (hidden ones too), by VIN and by stock number. */
export async function dealerStock(db: Db, email: string) {
  const cars = await rowsOf<StockCar>(
    db,
    sql`select p.id, p.vin, s.stock_number as "stockNumber", p.car_name as "carName",
        p.category_name as "categoryName", p.model, p.model_year as "modelYear", p.trim,
        p.mileage, p.resale_price as "resalePrice", p.exterior_color as "exteriorColor",
        p.condition, p.zip, p.product_description as "productDescription",
        case when cardinality(p.photos) > 0 then p.photos else array[p.car_photo] end as photos
      from products p left join product_stock_numbers s on s.product_id = p.id
      where p.email = ${email} and p.sold_at is null`,
  );
  const byVin = new Map<string, StockCar>();
  const byStock = new Map<string, StockCar>();
  for (const car of cars) {
    car.resalePrice = Number(car.resalePrice);
    if (car.vin) byVin.set(car.vin, car);
    if (car.stockNumber) byStock.set(car.stockNumber, car);
  }
  return {
    all: cars,
    /** The car a row is: the same VIN, else the same stock number. */
    match(row: { vin: string | null; stockNumber: string | null }): StockCar | null {
      return (
        (row.vin ? byVin.get(row.vin) : undefined) ??
        (row.stockNumber ? byStock.get(row.stockNumber) : undefined) ??
        null
      );
    },
  };
}

export type DealerStock = Awaited<ReturnType<typeof dealerStock>>;

/** The fields of a row that differ from the car (only those its file gives), by field name. */
export function changesOf(car: StockCar, row: RowCar, photoUrls: string[] | null): string[] {
  const given = new Set(row.given);
  const changes: string[] = [];
  const differ = (field: string, now: unknown, next: unknown) => {
    if (given.has(field as never) && (now ?? null) !== (next ?? null)) {
      changes.push(field);
    }
  };
  differ('vin', car.vin, row.vin);
  differ('stockNumber', car.stockNumber, row.stockNumber);
  differ('make', car.categoryName, row.make);
  differ('model', car.model, row.model);
  differ('year', car.modelYear, row.modelYear);
  differ('trim', car.trim, row.trim);
  differ('mileage', car.mileage, row.mileage);
  differ('price', car.resalePrice, row.price);
  differ('colour', car.exteriorColor, row.colour);
  differ('condition', car.condition, row.condition);
  differ('zip', car.zip, row.zip);
  differ('description', car.productDescription, row.description);
  differ('name', car.carName, row.name);
  if (given.has('photos') && (!photoUrls || photoUrls.join('|') !== car.photos.join('|'))) {
    changes.push('photos');
  }
  return [...new Set(changes)];
}

/**
 * A row's market value and rating as 'What's my car worth?' gives them (the valuation's stored
 * fits, read once per model for the whole file), or nulls when its model has no fit or the row
 * lacks a model, year or mileage.
 */
export function marketValuer(db: Db, now: Date) {
  const values = valueRepository(db);
  const fits = new Map<string, ReturnType<typeof values.fitsOf>>();
  return async (
    car: RowCar,
  ): Promise<{ marketValue: number | null; rating: FairPriceRating | null }> => {
    const none = { marketValue: null, rating: null };
    const condition = VALUE_CONDITIONS.find((known) => known === car.condition);
    if (!car.model || car.modelYear === null || car.mileage === null || !condition) return none;
    const question = { ...car, model: car.model, modelYear: car.modelYear, mileage: car.mileage };
    const key = `${car.make}\u0000${questionKey(question)}`;
    if (!fits.has(key)) fits.set(key, values.fitsOf(car.make, questionKey(question)));
    const answer = estimateValue(
      { ...question, condition },
      now.getUTCFullYear(),
      await fits.get(key)!,
      null,
    );
    return answer.value === null
      ? none
      : { marketValue: answer.value, rating: answer.rating ?? null };
  };
}
