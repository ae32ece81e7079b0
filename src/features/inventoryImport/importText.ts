/** The import page's words: the file checks made before uploading, fields, results, counts. */
import { fairPriceLabel } from '../../components/FairPriceBadge';
import type { ImportField, ImportRow, ImportSummary } from './importTypes';

export const MAX_CSV_BYTES = 5 * 1024 * 1024;
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];

/** What the file pickers offer (the server checks the content again). */
export const CSV_ACCEPT = ['.csv', 'text/csv'].join(',');
export const ZIP_ACCEPT = ['.zip', ...ZIP_TYPES].join(',');

/** '4.2 MB', '820 KB'. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** Why a chosen stock file cannot be sent, or null when it can. */
export function csvProblem(file: File): string | null {
  const typeFits = file.type === '' || CSV_TYPES.includes(file.type);
  if (extension(file.name) !== 'csv' || !typeFits) {
    return `‘${file.name}’ is not a CSV file. Save your stock list as CSV (comma or semicolon separated) and choose it again.`;
  }
  if (file.size === 0) return `‘${file.name}’ is empty.`;
  if (file.size > MAX_CSV_BYTES) {
    return `‘${file.name}’ is ${formatSize(file.size)}; a stock file may be up to 5 MB (2,000 cars).`;
  }
  return null;
}

/** Why a chosen photo archive cannot be sent, or null when it can. */
export function zipProblem(file: File): string | null {
  const typeFits = file.type === '' || ZIP_TYPES.includes(file.type);
  if (extension(file.name) !== 'zip' || !typeFits) {
    return `‘${file.name}’ is not a ZIP file. Put the photos in a ZIP archive and choose it again.`;
  }
  if (file.size === 0) return `‘${file.name}’ is empty.`;
  if (file.size > MAX_ZIP_BYTES) {
    return `‘${file.name}’ is ${formatSize(file.size)}; the photos’ ZIP may be up to 200 MB.`;
  }
  return null;
}

export const FIELD_LABELS: Record<ImportField, string> = {
  vin: 'VIN',
  stockNumber: 'Stock number',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  trim: 'Trim',
  mileage: 'Mileage',
  price: 'Price',
  colour: 'Colour',
  condition: 'Condition',
  zip: 'ZIP',
  description: 'Description',
  photos: 'Photos',
  name: 'Name',
};

/** A field's label, or the name the server gave when it is not one of the columns' fields. */
export const fieldLabel = (field: string) =>
  (FIELD_LABELS as Record<string, string | undefined>)[field] ?? field;

const count = (n: number) => n.toLocaleString('en-US');

/** The dry run in one line: '48 new · 0 updated · 0 unchanged · 2 refused'. */
export const summaryText = (summary: ImportSummary) =>
  `${count(summary.new)} new · ${count(summary.updated)} updated · ${count(summary.unchanged)} unchanged · ${count(summary.refused)} refused`;

/** What applying did: '48 created · 0 updated · 3 removed · 2 refused'. */
export const resultText = (summary: ImportSummary) =>
  `${count(summary.new)} created · ${count(summary.updated)} updated · ${count(summary.removed)} removed · ${count(summary.refused)} refused`;

/** 'Import 48 cars', 'Import 1 car'. */
export const applyLabel = (cars: number) => `Import ${count(cars)} ${cars === 1 ? 'car' : 'cars'}`;

/**
 * What happens to a row, in words: 'New', 'Updated: price, mileage', 'Refused · Price: …'; once
 * imported, a new car's row says 'Created'.
 */
export function rowResultText(row: ImportRow): string {
  switch (row.result) {
    case 'new':
      return row.productId ? 'Created' : 'New';
    case 'updated':
      return row.changes.length
        ? `Updated: ${row.changes.map((field) => fieldLabel(field).toLowerCase()).join(', ')}`
        : 'Updated';
    case 'unchanged':
      return 'Unchanged';
    case 'refused': {
      const where = row.field ? `${fieldLabel(row.field)}: ` : '';
      return `Refused · ${where}${row.reason ?? 'not valid'}`;
    }
    case 'over-allowance':
      return 'Over today’s allowance';
  }
}

/** The price's rating in the cards' words ('Great deal' …), or null when not rated. */
export const ratingText = (rating: ImportRow['rating']) => (rating ? fairPriceLabel(rating) : null);

/** The progress bar's words: 'Checking row 20 of 50', 'Imported 20 of 50 · 30 left'. */
export function progressText(state: 'checking' | 'applying', done: number, total: number) {
  if (state === 'checking') return `Checked ${count(done)} of ${count(total)} rows`;
  return `Imported ${count(done)} of ${count(total)} rows · ${count(Math.max(0, total - done))} left`;
}
