/**
 * An import's columns: each CSV header matched to a car field by its name (letter case, spaces,
 * punctuation and accents ignored; a few synonyms each), or as the dealer's mapping says.
 */

/** The car fields a column may fill. */
export const IMPORT_FIELDS = [
  'vin',
  'stockNumber',
  'make',
  'model',
  'year',
  'trim',
  'mileage',
  'price',
  'colour',
  'condition',
  'zip',
  'description',
  'photos',
  'name',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A header as compared: accents dropped, lower case, letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The headers each field is known by (as headerKey has them). */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  vin: ['vin', 'vinnumber', 'vehicleidentificationnumber', 'chassisnumber'],
  stockNumber: ['stock', 'stocknumber', 'stockno', 'stocknr', 'stockid', 'stockcode'],
  make: ['make', 'manufacturer', 'brand', 'marke'],
  model: ['model', 'modell', 'modelname'],
  year: ['year', 'modelyear', 'yearofmanufacture'],
  trim: ['trim', 'version', 'variant', 'trimlevel'],
  mileage: ['mileage', 'miles', 'odometer', 'odometermiles'],
  price: ['price', 'askingprice', 'saleprice', 'sellingprice', 'resaleprice'],
  colour: ['colour', 'color', 'exteriorcolour', 'exteriorcolor'],
  condition: ['condition'],
  zip: ['zip', 'zipcode', 'postcode', 'postalcode'],
  description: ['description', 'comments', 'notes', 'details'],
  photos: ['photos', 'images', 'photo', 'image', 'pictures', 'photourls', 'imageurls'],
  name: ['name', 'title', 'carname', 'listingtitle'],
};

const BY_KEY = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => SYNONYMS[field].map((key) => [key, field] as const)),
);

/** A column and the field it fills (null: ignored). */
export interface ImportColumn {
  header: string;
  field: ImportField | null;
}

/** The dealer's matches: a header to a field, or null to ignore the column. */
export type ImportMapping = Record<string, ImportField | null>;

/**
 * Each header's field: the mapping's when it names the header, else the synonym's; a field is
 * filled by its first column only (a later column of the same field is ignored).
 */
export function matchColumns(headers: readonly string[], mapping: ImportMapping): ImportColumn[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = Object.hasOwn(mapping, header)
      ? mapping[header]!
      : (BY_KEY.get(headerKey(header)) ?? null);
    if (field === null || taken.has(field)) return { header, field: null };
    taken.add(field);
    return { header, field };
  });
}

/**
 * A mapping as sent (a JSON object of header → field or null): the first thing wrong with it,
 * or null when it is good.
 */
export function mappingProblem(mapping: unknown, headers?: readonly string[]): string | null {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
    return 'mapping: must be a JSON object of CSV header → field name (or null)';
  }
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== null && !IMPORT_FIELDS.includes(field as ImportField)) {
      return `mapping: '${header.slice(0, 60)}' maps to '${String(field).slice(0, 30)}', which is not one of ${IMPORT_FIELDS.join(', ')} (or null)`;
    }
    if (headers && !headers.includes(header)) {
      return `mapping: the file has no column '${header.slice(0, 60)}'`;
    }
  }
  return null;
}
