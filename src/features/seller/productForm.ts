import * as yup from 'yup';
import { operationLimits, type AddProductApiArg } from '../../lib/api';
import { imageFileSchema } from '../../lib/imageFile';

/** POST /category's enums and limits, as the contract states them. */
const limits = operationLimits.addProduct.body;

/** The conditions, in the contract's order (the first is the default). */
export const CONDITIONS = limits.condition.enum;

/** Spec §5: every Add product field is required, with this message. */
export const REQUIRED = 'Required';
export const NUMBER_MESSAGE = 'Enter a number (digits, such as 12500)';

export interface ProductFormValues {
  carName: string;
  originalPrice: string;
  resalePrice: string;
  condition: AddProductApiArg['body']['condition'];
  productLocation: string;
  userYears: string;
  /** One of GET /categories' names (the first is the default). */
  categoryName: string;
  sellerName: string;
  productImage: File | null;
  productDescription: string;
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
    productImage: null,
    productDescription: '',
  };
}

const text = ({ maxLength: max }: { maxLength: number }) =>
  yup.string().trim().required(REQUIRED).max(max, `Use at most ${max} characters`);

/** Prices and years are typed as text (spec §3) and must be plain non-negative numbers. */
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
    carName: text(limits.carName),
    originalPrice: numeric(limits.originalPrice),
    resalePrice: numeric(limits.resalePrice),
    condition: yup.string().oneOf(CONDITIONS).required(REQUIRED),
    productLocation: text(limits.productLocation),
    userYears: numeric(limits.userYears),
    categoryName: yup.string().oneOf(categoryNames).required(REQUIRED),
    sellerName: text(limits.sellerName),
    productImage: imageFileSchema(REQUIRED),
    productDescription: text(limits.productDescription),
  });
}

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
