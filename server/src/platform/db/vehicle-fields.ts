/**
 * A car's vehicle data: the values its enumerated fields may take and the ranges of
 * its numbers, in one place. The database (db/schema.ts), the API's schemas
 * (vehicle-schemas.ts) and, through the contract's generated limits, the web form all read them.
 * The make is the car's category (`categoryName`), answered also as `make`.
 */

export const FUELS = [
  'Gasoline',
  'Diesel',
  'Electric',
  'Hybrid',
  'Plug-in hybrid',
  'Other',
] as const;
export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export const DRIVES = ['FWD', 'RWD', 'AWD', '4WD'] as const;
export const BODY_STYLES = [
  'Sedan',
  'Coupe',
  'Convertible',
  'Hatchback',
  'Wagon',
  'SUV',
  'Pickup',
  'Van',
  'Other',
] as const;

export type Fuel = (typeof FUELS)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type Drive = (typeof DRIVES)[number];
export type BodyStyle = (typeof BODY_STYLES)[number];

/** Ranges and lengths (the database's CHECKs hold the same, the model year up to 2100). */
export const VEHICLE_LIMITS = {
  model: 60,
  trim: 60,
  exteriorColor: 40,
  minModelYear: 1900,
  maxMileage: 1_000_000,
  maxOwners: 99,
} as const;

/** The newest model year a car may have: next year's (makers sell next year's models). */
export function maxModelYear(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

/** The vehicle data as answered, for a select over `products p` in raw SQL (search, a car). */
export const VEHICLE_COLUMNS_SQL = `p.category_name as "make", p.vin as "vin", p.model as "model",
  p.model_year as "modelYear", p.trim as "trim", p.body_style as "bodyStyle", p.fuel as "fuel",
  p.transmission as "transmission", p.drive as "drive", p.exterior_color as "exteriorColor",
  p.mileage as "mileage", p.owners as "owners"`;

/** A car's vehicle data as answered (null: unknown). */
export interface VehicleData {
  make: string;
  vin: string | null;
  model: string | null;
  modelYear: number | null;
  trim: string | null;
  bodyStyle: BodyStyle | null;
  fuel: Fuel | null;
  transmission: Transmission | null;
  drive: Drive | null;
  exteriorColor: string | null;
  mileage: number | null;
  owners: number | null;
}
