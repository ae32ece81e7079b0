/**
 * The filter panel's form read as a search: the panel's own job, in the panel's chunk (loaded
 * after the page's first script, src/features/search/CarsPage.tsx).
 */
import {
  among,
  BODY_STYLES,
  cleanMileage,
  cleanModelYear,
  cleanNumber,
  CONDITIONS,
  FUELS,
  limits,
  MAX_PRICE,
  MAX_YEARS,
  nearZip,
  RADII,
  SELLER_TYPES,
  TRANSMISSIONS,
  ZIP,
  type CarSearch,
} from './searchParams';

/** A form's values under a name (a box counts when ticked), as the browser would send them. */
function formValues(form: HTMLFormElement, name: string): string[] {
  return (
    Array.from(form.elements)
      .filter(
        (field): field is HTMLInputElement | HTMLSelectElement =>
          field instanceof HTMLInputElement || field instanceof HTMLSelectElement,
      )
      .filter((field) => field.name === name && !field.disabled)
      // A checkbox or a radio button counts only when ticked (the seller type is radio buttons).
      .filter((field) =>
        field.type === 'checkbox' || field.type === 'radio'
          ? (field as HTMLInputElement).checked
          : true,
      )
      .map((field) => field.value)
  );
}

/** The filter panel's form, read as a search (the words and the sort come along from the URL). */
export function searchFromForm(form: HTMLFormElement, current: CarSearch): CarSearch {
  const all = (key: string) => formValues(form, key);
  const text = (key: string) => (all(key)[0] ?? '').trim();
  // A ZIP that is not five digits is not sent: the search stays near the one before.
  const typedZip = text('zip');
  const zip = ZIP.test(typedZip) ? typedZip : typedZip ? current.zip : '';
  const next: CarSearch = {
    ...current,
    category: all('category'),
    condition: among(CONDITIONS, all('condition')),
    model: all('model').slice(0, limits.model.maxItems),
    fuel: among(FUELS, all('fuel')),
    transmission: among(TRANSMISSIONS, all('transmission')),
    bodyStyle: among(BODY_STYLES, all('bodyStyle')),
    minModelYear: cleanModelYear(text('minModelYear')),
    maxModelYear: cleanModelYear(text('maxModelYear')),
    maxMileage: cleanMileage(text('maxMileage')),
    minPrice: cleanNumber(text('minPrice'), MAX_PRICE),
    maxPrice: cleanNumber(text('maxPrice'), MAX_PRICE),
    minYears: cleanNumber(text('minYears'), MAX_YEARS),
    maxYears: cleanNumber(text('maxYears'), MAX_YEARS),
    location: text('location').slice(0, limits.location.maxLength),
    verified: all('verified').includes('true'),
    sellerType: among(SELLER_TYPES, all('sellerType'))[0] ?? '',
    radius: among(RADII, all('radius'))[0] ?? '',
  };
  return nearZip(next, zip);
}
