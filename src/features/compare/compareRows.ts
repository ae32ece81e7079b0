import type { CarDetails } from '../../lib/api';
import { formatDay, formatYears } from '../../lib/format';

/** What an unknown value shows, as on a car's page. */
export const UNKNOWN = '—';

/** One row of the comparison: its name and each car's value in words. */
export interface CompareRow {
  label: string;
  value: (car: CarDetails) => string;
  /** What makes two cars the same in this row, when more than its words (default: the words). */
  key?: (car: CarDetails) => string;
}

const text = (value: string | null) => value ?? UNKNOWN;
const count = (n: number | null) => (n === null ? UNKNOWN : n.toLocaleString('en-US'));

/** The rows, in the order a buyer weighs them (the seller's row adds the verified tick). */
export const COMPARE_ROWS: CompareRow[] = [
  {
    label: 'Model year',
    value: (car) => (car.modelYear === null ? UNKNOWN : String(car.modelYear)),
  },
  {
    label: 'Mileage',
    value: (car) => (car.mileage === null ? UNKNOWN : `${count(car.mileage)} mi`),
  },
  { label: 'Condition', value: (car) => car.condition },
  { label: 'Make', value: (car) => car.make || car.categoryName },
  { label: 'Model', value: (car) => text(car.model) },
  { label: 'Trim', value: (car) => text(car.trim) },
  { label: 'Body style', value: (car) => text(car.bodyStyle) },
  { label: 'Fuel', value: (car) => text(car.fuel) },
  { label: 'Transmission', value: (car) => text(car.transmission) },
  { label: 'Drive', value: (car) => text(car.drive) },
  { label: 'Exterior colour', value: (car) => text(car.exteriorColor) },
  { label: 'Owners', value: (car) => count(car.owners) },
  { label: 'Years used', value: (car) => formatYears(car.userYears) },
  { label: 'Location', value: (car) => car.productLocation },
  {
    label: 'Seller',
    value: (car) => car.seller.name,
    key: (car) => `${car.seller.name} ${car.seller.verified}`,
  },
  { label: 'Listed', value: (car) => formatDay(car.listedAt) },
];

/** Whether a row tells the cars apart (two or more cars, not all the same). */
export function differs(row: CompareRow, cars: CarDetails[]): boolean {
  if (cars.length < 2) return true;
  const key = row.key ?? row.value;
  const first = key(cars[0]);
  return cars.some((car) => key(car) !== first);
}
