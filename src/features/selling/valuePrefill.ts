import { CONDITIONS, type ProductFormValues } from './productForm';

/**
 * The car 'What's my car worth?' sends to Add product ('List it for …'), in the address's query
 * (so that it survives the way through the login page): make, model, year, mileage, condition,
 * price. Each is taken as typed when it fits its field; the form checks them as any entry.
 */
export function withValuePrefill(
  values: ProductFormValues,
  query: URLSearchParams,
  categoryNames: readonly string[],
): ProductFormValues {
  const text = (name: string) => query.get(name)?.trim().slice(0, 100) ?? '';
  const make = categoryNames.find((name) => name.toLowerCase() === text('make').toLowerCase());
  const condition = CONDITIONS.find((name) => name === text('condition'));
  const model = text('model');
  const year = /^\d{4}$/.test(text('year')) ? text('year') : '';
  const mileage = /^\d{1,7}$/.test(text('mileage')) ? text('mileage') : '';
  const price = /^\d{1,9}$/.test(text('price')) ? text('price') : '';
  const name = [year, make, model].filter(Boolean).join(' ');
  return {
    ...values,
    ...(make ? { categoryName: make } : {}),
    ...(condition ? { condition } : {}),
    ...(model ? { model } : {}),
    ...(year
      ? { modelYear: year, userYears: String(Math.max(0, new Date().getFullYear() - Number(year))) }
      : {}),
    ...(mileage ? { mileage } : {}),
    ...(price ? { resalePrice: price } : {}),
    ...(make && model ? { carName: name } : {}),
  };
}
