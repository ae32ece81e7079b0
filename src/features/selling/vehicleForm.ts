import * as yup from 'yup';
import { isOneLine, ONE_LINE_MESSAGE } from '../../lib/forms';
import { addProductLimits, type CarDetails } from '../../lib/api';

/**
 * The vehicle data of Add product and Edit: its values as typed, its checks and its
 * part of the bodies. Model, model year and mileage are asked for; the rest may stay empty
 * (sent as null: unknown). The choices and ranges are the contract's (POST /category).
 */

const limits = addProductLimits.body;
const choices = <T>(values: readonly (T | null)[]) =>
  values.filter((value): value is T => value !== null);

export const BODY_STYLES = choices(limits.bodyStyle.enum);
export const FUELS = choices(limits.fuel.enum);
export const TRANSMISSIONS = choices(limits.transmission.enum);
export const DRIVES = choices(limits.drive.enum);

export const MIN_MODEL_YEAR = limits.modelYear.minimum;
/** The newest model year: next year's (makers sell next year's models), as the server says. */
export const maxModelYear = (now = new Date()) => now.getFullYear() + 1;
export const MAX_MILEAGE = limits.mileage.maximum;
export const MAX_OWNERS = limits.owners.maximum;

export const MODEL_REQUIRED = 'Model is required';
export const modelYearMessage = (now = new Date()) =>
  `Model year must be between ${MIN_MODEL_YEAR} and ${maxModelYear(now)}`;
export const MILEAGE_MESSAGE = 'Mileage must be a whole number of miles from 0 to 1,000,000';
export const OWNERS_MESSAGE = `Owners must be a whole number from 0 to ${MAX_OWNERS}`;
export const VIN_MESSAGE = 'A VIN is 17 letters and digits, without I, O or Q';

export interface VehicleFormValues {
  vin: string;
  model: string;
  modelYear: string;
  trim: string;
  /** '' : not given. */
  bodyStyle: (typeof BODY_STYLES)[number] | '';
  fuel: (typeof FUELS)[number] | '';
  transmission: (typeof TRANSMISSIONS)[number] | '';
  drive: (typeof DRIVES)[number] | '';
  exteriorColor: string;
  mileage: string;
  owners: string;
}

export const EMPTY_VEHICLE: VehicleFormValues = {
  vin: '',
  model: '',
  modelYear: '',
  trim: '',
  bodyStyle: '',
  fuel: '',
  transmission: '',
  drive: '',
  exteriorColor: '',
  mileage: '',
  owners: '',
};

/** A car's vehicle data as the form shows it ('' where unknown). */
export function vehicleValues(car: CarDetails): VehicleFormValues {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    vin: text(car.vin),
    model: text(car.model),
    modelYear: text(car.modelYear),
    trim: text(car.trim),
    bodyStyle: car.bodyStyle ?? '',
    fuel: car.fuel ?? '',
    transmission: car.transmission ?? '',
    drive: car.drive ?? '',
    exteriorColor: text(car.exteriorColor),
    mileage: text(car.mileage),
    owners: text(car.owners),
  };
}

/** A whole number as typed: digits, with thousands commas or spaces allowed ('48,000'). */
export function wholeNumber(typed: string): number | null {
  const digits = typed.trim().replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

const inRange = (typed: string | undefined, min: number, max: number) => {
  const n = wholeNumber(typed ?? '');
  return n !== null && n >= min && n <= max;
};

// Formik hands yup an emptied field as undefined: the optional fields default to ''.

/** A one-line optional text of at most `max` characters. */
const optionalLine = (max: number) =>
  yup
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .default('')
    .test('one-line', ONE_LINE_MESSAGE, (v) => !v || isOneLine(v));

const optionalChoice = <T extends string>(values: readonly T[]) =>
  yup
    .mixed<T | ''>()
    .oneOf(['', ...values])
    .default('');

/** The checks of the vehicle fields. */
export function vehicleSchema(now = new Date()) {
  return {
    vin: yup
      .string()
      .trim()
      .default('')
      .test('vin', VIN_MESSAGE, (v) => !v || /^[A-HJ-NPR-Z0-9]{17}$/i.test(v.trim())),
    model: optionalLine(limits.model.maxLength).required(MODEL_REQUIRED),
    modelYear: yup
      .string()
      .trim()
      .required(modelYearMessage(now))
      .test('year', modelYearMessage(now), (v) => inRange(v, MIN_MODEL_YEAR, maxModelYear(now))),
    trim: optionalLine(limits.trim.maxLength),
    bodyStyle: optionalChoice(BODY_STYLES),
    fuel: optionalChoice(FUELS),
    transmission: optionalChoice(TRANSMISSIONS),
    drive: optionalChoice(DRIVES),
    exteriorColor: optionalLine(limits.exteriorColor.maxLength),
    mileage: yup
      .string()
      .trim()
      .required(MILEAGE_MESSAGE)
      .test('miles', MILEAGE_MESSAGE, (v) => inRange(v, 0, MAX_MILEAGE)),
    owners: yup
      .string()
      .trim()
      .default('')
      .test('owners', OWNERS_MESSAGE, (v) => !v || inRange(v, 0, MAX_OWNERS)),
  };
}

/** The vehicle fields of POST /category and PATCH /products/{id}: empty is null (unknown). */
export function vehicleBody(values: VehicleFormValues) {
  const text = (value: string) => value.trim() || null;
  const whole = (value: string) => (value.trim() ? wholeNumber(value) : null);
  return {
    vin: text(values.vin)?.toUpperCase() ?? null,
    model: text(values.model),
    modelYear: whole(values.modelYear),
    trim: text(values.trim),
    bodyStyle: values.bodyStyle || null,
    fuel: values.fuel || null,
    transmission: values.transmission || null,
    drive: values.drive || null,
    exteriorColor: text(values.exteriorColor),
    mileage: whole(values.mileage),
    owners: whole(values.owners),
  };
}
