/**
 * The inventory import's part of the contract, named for the page: each type is the generated
 * one's (src/lib/api/generated/screenEndpoints.ts) or a part of it.
 */
import type { Import as ImportAnswer } from '../../lib/api/generated/screenEndpoints';

/** An import: its state, its columns' matches, its counts and every row's result. */
export type Import = ImportAnswer;
export type ImportColumn = Import['columns'][number];
/** The fields a CSV column can fill; `null` in a mapping ignores the column. */
export type ImportField = NonNullable<ImportColumn['field']>;
/** CSV header → the field it fills, or null to ignore the column. */
export type ImportMapping = Record<string, ImportField | null>;
export type ImportState = Import['state'];
export type ImportSummary = Import['summary'];
/** How many of the file's cars may be listed today, and why fewer than all when so. */
export type ImportAllowance = Import['allowance'];
/** One CSV row's result in the dry run (or, after apply, what was done with it). */
export type ImportRow = Import['rows'][number];
export type ImportRowResult = ImportRow['result'];
export type ImportRating = NonNullable<ImportRow['rating']>;
