/**
 * vPIC's words for a vehicle mapped onto a car's fields: its body classes, drive types and fuels
 * onto our lists (vehicle-fields.ts), its series and trim onto our one trim. A value we cannot
 * place is left unknown (null) rather than guessed: '4x2' may be front or rear wheel drive.
 */
import {
  BODY_STYLES,
  type BodyStyle,
  type Drive,
  type Fuel,
  type Transmission,
} from '../platform/db/vehicle-fields';
import type { RawVehicle } from './vin-messages';

/** What decoding a VIN tells of the car, in the car's own fields (null: vPIC does not say). */
export interface DecodedVehicle {
  make: string;
  model: string | null;
  modelYear: number | null;
  trim: string | null;
  bodyStyle: BodyStyle | null;
  fuel: Fuel | null;
  transmission: Transmission | null;
  drive: Drive | null;
  doors: number | null;
}

/** corgi's body styles (already coerced from vPIC's body classes) that are not ours by name. */
const BODY_ALIASES: Readonly<Record<string, BodyStyle>> = {
  Crossover: 'SUV',
  Minivan: 'Van',
};

export function bodyStyleOf(value: string | null): BodyStyle | null {
  if (!value) return null;
  const named = BODY_STYLES.find((style) => style.toLowerCase() === value.toLowerCase());
  return named ?? BODY_ALIASES[value] ?? 'Other';
}

/**
 * vPIC's fuels: 'Gasoline', 'Diesel', 'Electric', 'Flexible Fuel Vehicle (FFV)' (gasoline or
 * E85), 'Compressed Natural Gas (CNG)'…; corgi says 'Hybrid' when one of two fuels is electric.
 */
export function fuelOf(value: string | null): Fuel | null {
  if (!value) return null;
  if (/plug-?in/i.test(value)) return 'Plug-in hybrid';
  if (/hybrid/i.test(value)) return 'Hybrid';
  if (/electric/i.test(value)) return 'Electric';
  if (/diesel/i.test(value)) return 'Diesel';
  if (/gasoline|flexible fuel|ethanol/i.test(value)) return 'Gasoline';
  return 'Other';
}

/** vPIC's drive types: 'AWD/All-Wheel Drive', '4WD/4-Wheel Drive/4x4', 'FWD/Front-Wheel Drive'… */
export function driveOf(value: string | null): Drive | null {
  if (!value) return null;
  if (/AWD|all-wheel/i.test(value)) return 'AWD';
  if (/4WD|4x4|4-wheel/i.test(value)) return '4WD';
  if (/FWD|front-wheel/i.test(value)) return 'FWD';
  if (/RWD|rear-wheel/i.test(value)) return 'RWD';
  return null;
}

/** vPIC's transmission styles: 'Automatic', 'Manual/Standard', 'Continuously Variable…', 'DCT'… */
export function transmissionOf(value: string | null): Transmission | null {
  if (!value) return null;
  if (/manual|standard/i.test(value)) return 'Manual';
  if (/auto|continuously|cvt|dual.clutch|dct/i.test(value)) return 'Automatic';
  return null;
}

/**
 * Our trim: vPIC's trim ('xDrive28i', '4S'), else its series ('GTS', 'Stradale'), cut to the
 * field's 60 characters.
 */
export function trimOf(trim: string | null, series: string | null): string | null {
  const value = (trim ?? series)?.trim();
  return value ? value.slice(0, 60) : null;
}

export function vehicleOf(raw: RawVehicle): DecodedVehicle {
  const doors = raw.doors ? Number.parseInt(raw.doors, 10) : NaN;
  return {
    make: raw.make,
    model: raw.model?.trim().slice(0, 60) || null,
    modelYear: raw.year && raw.year > 0 ? raw.year : null,
    trim: trimOf(raw.trim, raw.series),
    bodyStyle: bodyStyleOf(raw.bodyStyle),
    fuel: fuelOf(raw.fuelType),
    transmission: transmissionOf(raw.transmission),
    drive: driveOf(raw.driveType),
    doors: Number.isInteger(doors) && doors > 0 && doors < 10 ? doors : null,
  };
}
