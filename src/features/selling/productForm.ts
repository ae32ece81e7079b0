import * as yup from 'yup';
import { isOneLine, ONE_LINE_MESSAGE } from '../../lib/forms';
import { addProductLimits, type CarDetails } from '../../lib/api';
import type { AddProductApiArg, UpdateProductApiArg } from '../../lib/api/seller';
import {
  EMPTY_VEHICLE,
  vehicleBody,
  vehicleSchema,
  vehicleValues,
  type VehicleFormValues,
} from './vehicleForm';

/** POST /category's enums and limits, as the contract states them. */
const limits = addProductLimits.body;

/** The conditions, in the contract's order (the first is the default). */
export const CONDITIONS = limits.condition.enum;

/** Every Add product field is required, with this message. */
export const REQUIRED = 'Required';
export const NUMBER_MESSAGE = 'Enter a number (digits, such as 12500)';
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, or leave it empty';

/** A US ZIP code as the server takes it: five digits. */
export const ZIP = /^\d{5}$/;

/** The original fields and the vehicle data (vehicleForm.ts). */
export interface ProductFormValues extends VehicleFormValues {
  carName: string;
  originalPrice: string;
  resalePrice: string;
  condition: AddProductApiArg['body']['condition'];
  productLocation: string;
  userYears: string;
  /** One of GET /categories' names (the first is the default). */
  categoryName: string;
  sellerName: string;
  productDescription: string;
  /** Where the car is, as a US ZIP code: empty (the server places it by its Location) or 5 digits. */
  zip: string;
}

export function initialProductValues(
  sellerName: string,
  categoryNames: readonly string[],
): ProductFormValues {
  return {
    carName: '',
    originalPrice: '',
    resalePrice: '',
    condition: CONDITIONS[0],
    productLocation: '',
    userYears: '',
    categoryName: categoryNames[0] ?? '',
    sellerName,
    productDescription: '',
    zip: '',
    ...EMPTY_VEHICLE,
  };
}

/** The form filled with a car's fields, to edit them. */
export function carValues(car: CarDetails): ProductFormValues {
  return {
    carName: car.carName,
    originalPrice: String(car.originalPrice),
    resalePrice: String(car.resalePrice),
    condition: car.condition,
    productLocation: car.productLocation,
    userYears: String(car.userYears),
    categoryName: car.categoryName,
    sellerName: car.sellerName,
    productDescription: car.productDescription,
    zip: car.zip ?? '',
    ...vehicleValues(car),
  };
}

const text = ({ maxLength: max }: { maxLength: number }) =>
  yup.string().trim().required(REQUIRED).max(max, `Use at most ${max} characters`);

/** A single-line field: no line breaks or other control characters (a paste can bring them). */
const line = (limit: { maxLength: number }) =>
  text(limit).test('one-line', ONE_LINE_MESSAGE, isOneLine);

/** Prices and years are typed as text (the API takes strings): plain non-negative numbers. */
const numeric = ({ maximum: max }: { maximum: number }) =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .matches(/^\d+(\.\d+)?$/, NUMBER_MESSAGE)
    .test('max', `Enter at most ${max.toLocaleString('en-US')}`, (v) => !v || Number(v) <= max);

/** The form's checks; the category is one of those GET /categories answered. */
export function productSchema(
  categoryNames: readonly string[],
): yup.ObjectSchema<ProductFormValues> {
  return yup.object({
    carName: line(limits.carName),
    originalPrice: numeric(limits.originalPrice),
    resalePrice: numeric(limits.resalePrice),
    condition: yup.string().oneOf(CONDITIONS).required(REQUIRED),
    productLocation: line(limits.productLocation),
    userYears: numeric(limits.userYears),
    categoryName: yup.string().oneOf(categoryNames).required(REQUIRED),
    sellerName: line(limits.sellerName),
    productDescription: text(limits.productDescription),
    zip: yup
      .string()
      .trim()
      .default('')
      .test('zip', ZIP_MESSAGE, (v) => !v || ZIP.test(v)),
    ...vehicleSchema(),
  });
}

/** The fields both POST /category and PATCH /products/{id} take, as typed. */
function fields(values: ProductFormValues, photos: readonly string[]) {
  return {
    carName: values.carName.trim(),
    carPhoto: photos[0],
    photos: [...photos],
    categoryName: values.categoryName,
    condition: values.condition,
    originalPrice: values.originalPrice.trim(),
    resalePrice: values.resalePrice.trim(),
    productLocation: values.productLocation.trim(),
    userYears: values.userYears.trim(),
    productDescription: values.productDescription.trim(),
    sellerName: values.sellerName.trim(),
    ...vehicleBody(values),
  };
}

/** The PATCH /products/{id} body: every field and the photos (the cover first). */
export function toProductChanges(
  values: ProductFormValues,
  photos: readonly string[],
): UpdateProductApiArg['body'] {
  // A ZIP cleared: the car is placed by its Location again (or nowhere).
  return { ...fields(values, photos), zip: values.zip.trim() || null };
}

/**
 * The POST /category body: text trimmed, numbers as the numeric strings typed; the
 * photos in order, the cover first and also as carPhoto.
 */
export function toProductBody(
  values: ProductFormValues,
  extra: { photos: readonly string[]; sellerPhoto: string | null; postTime: string },
): AddProductApiArg['body'] {
  return {
    ...fields(values, extra.photos),
    // No ZIP: the server places the car by its Location, if that names one US place.
    ...(values.zip.trim() ? { zip: values.zip.trim() } : {}),
    postTime: extra.postTime,
    sellerPhoto: extra.sellerPhoto,
  };
}
