import * as yup from 'yup';
import type { AddProductApiArg } from '../../lib/api';
import { imageFileSchema } from '../../lib/imageFile';

/** Spec §9 constants, in the order the form offers them (the first is the default). */
export const CATEGORIES = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'] as const;
export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;

/** Spec §5: every Add product field is required, with this message. */
export const REQUIRED = 'Required';
export const NUMBER_MESSAGE = 'Enter a number (digits, such as 12500)';

/** The server's limits (docs/api.md). */
const MAX_PRICE = 100_000_000;
const MAX_YEARS = 100;

export interface ProductFormValues {
  carName: string;
  originalPrice: string;
  resalePrice: string;
  condition: (typeof CONDITIONS)[number];
  productLocation: string;
  userYears: string;
  categoryName: (typeof CATEGORIES)[number];
  sellerName: string;
  productImage: File | null;
  productDescription: string;
}

export function initialProductValues(sellerName: string): ProductFormValues {
  return {
    carName: '',
    originalPrice: '',
    resalePrice: '',
    condition: 'Excellent',
    productLocation: '',
    userYears: '',
    categoryName: 'Tesla',
    sellerName,
    productImage: null,
    productDescription: '',
  };
}

const text = (max: number) =>
  yup.string().trim().required(REQUIRED).max(max, `Use at most ${max} characters`);

/** Prices and years are typed as text (spec §3) and must be plain non-negative numbers. */
const numeric = (max: number) =>
  yup
    .string()
    .trim()
    .required(REQUIRED)
    .matches(/^\d+(\.\d+)?$/, NUMBER_MESSAGE)
    .test('max', `Enter at most ${max.toLocaleString('en-US')}`, (v) => !v || Number(v) <= max);

export const productSchema: yup.ObjectSchema<ProductFormValues> = yup.object({
  carName: text(120),
  originalPrice: numeric(MAX_PRICE),
  resalePrice: numeric(MAX_PRICE),
  condition: yup.string().oneOf(CONDITIONS).required(REQUIRED),
  productLocation: text(200),
  userYears: numeric(MAX_YEARS),
  categoryName: yup.string().oneOf(CATEGORIES).required(REQUIRED),
  sellerName: text(100),
  productImage: imageFileSchema(REQUIRED),
  productDescription: text(4000),
});

/** The POST /category body: text trimmed, numbers as the numeric strings typed (spec §3). */
export function toProductBody(
  values: ProductFormValues,
  extra: { carPhoto: string; sellerPhoto: string | null; postTime: string },
): AddProductApiArg['body'] {
  return {
    carName: values.carName.trim(),
    carPhoto: extra.carPhoto,
    categoryName: values.categoryName,
    condition: values.condition,
    originalPrice: values.originalPrice.trim(),
    resalePrice: values.resalePrice.trim(),
    productLocation: values.productLocation.trim(),
    userYears: values.userYears.trim(),
    postTime: extra.postTime,
    productDescription: values.productDescription.trim(),
    sellerName: values.sellerName.trim(),
    sellerPhoto: extra.sellerPhoto,
  };
}
