/**
 * The inventory import's part of the contract, written by hand in the generated slices' shapes
 * (src/lib/api/generated/): once the server's routes are in api/openapi.json, these types and
 * `importApi.ts` give way to the generated ones.
 */

/** The fields a CSV column can fill; `null` in a mapping ignores the column. */
export type ImportField =
  | 'vin'
  | 'stockNumber'
  | 'make'
  | 'model'
  | 'year'
  | 'trim'
  | 'mileage'
  | 'price'
  | 'colour'
  | 'condition'
  | 'zip'
  | 'description'
  | 'photos'
  | 'name';

/** CSV header → the field it fills, or null to ignore the column. */
export type ImportMapping = Record<string, ImportField | null>;

export type ImportState = 'checking' | 'checked' | 'applying' | 'done' | 'failed';

export type ImportRowResult = 'new' | 'updated' | 'unchanged' | 'refused' | 'over-allowance';

export type ImportRating = 'great' | 'good' | 'fair' | 'high';

export interface ImportColumn {
  header: string;
  field: ImportField | null;
}

export interface ImportSummary {
  new: number;
  updated: number;
  unchanged: number;
  refused: number;
  removed: number;
}

export interface ImportAllowance {
  /** How many of the file's cars may be listed today. */
  listableToday: number;
  /** Why fewer than all ('3 of these can be listed today; …'); null when all can be. */
  message: string | null;
}

/** One CSV row's result in the dry run (or, after apply, what was done with it). */
export interface ImportRow {
  /** The row's line in the CSV (1-based). */
  row: number;
  result: ImportRowResult;
  name: string | null;
  vin: string | null;
  stockNumber: string | null;
  price: number | null;
  /** For 'updated': the fields that change. */
  changes: string[];
  /** For 'refused': the field at fault and why. */
  field: string | null;
  reason: string | null;
  marketValue: number | null;
  rating: ImportRating | null;
  /** The car written, after apply. */
  productId: string | null;
}

export interface Import {
  _id: string;
  state: ImportState;
  fileName: string;
  createdAt: string;
  columns: ImportColumn[];
  rowsTotal: number;
  rowsDone: number;
  summary: ImportSummary;
  allowance: ImportAllowance;
  /** Whether applying removes the dealer's cars the file does not name. */
  wholeStock: boolean;
  error: string | null;
  rows: ImportRow[];
}

export type CreateImportApiResponse = /** status 202 */ Import;
export type GetCurrentImportApiResponse = /** status 200 */ Import;
export type GetCurrentImportApiArg = void;
export type GetImportApiResponse = /** status 200 */ Import;
export type GetImportApiArg = { id: string };
export type UpdateImportMappingApiResponse = /** status 200 */ Import;
export type UpdateImportMappingApiArg = { id: string; body: { mapping: ImportMapping } };
export type ApplyImportApiResponse = /** status 202 */ Import;
export type ApplyImportApiArg = { id: string; body: { wholeStock: boolean } };
export type DiscardImportApiResponse = unknown;
export type DiscardImportApiArg = { id: string };
