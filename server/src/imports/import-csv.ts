/**
 * An import's CSV, read with csv-parse as a stream of records: UTF-8 with or without its byte
 * order mark, fields separated by commas or semicolons (whichever the header line has more of,
 * outside quotes), at most IMPORT_LIMITS.columns columns and IMPORT_LIMITS.rows rows. A cell that
 * starts as a spreadsheet formula does (`=`, `@`, or `+`/`-` not followed by a plain number) is
 * refused: the file is turned down whole, naming the row and column.
 */
import { parse } from 'csv-parse';
import { httpError } from '../platform/http/errors';

export const IMPORT_LIMITS = {
  /** The CSV's bytes. */
  csvBytes: 5 * 1024 * 1024,
  /** Its rows after the header. */
  rows: 2000,
  /** Its columns (a header or a row with more is refused). */
  columns: 60,
  /** The photos' ZIP, its bytes. */
  zipBytes: 200 * 1024 * 1024,
  /** Its entries. */
  zipEntries: 4000,
  /** What its entries unpack to, together. */
  zipUnpackedBytes: 1024 * 1024 * 1024,
  /** One entry unpacked (a photo, as the image host takes it). */
  zipEntryBytes: 5 * 1024 * 1024,
  /** How many times its packed size an entry may unpack to (photos hardly pack at all). */
  zipEntryRatio: 100,
} as const;

export type Delimiter = ',' | ';';

/** A parsed CSV: its header and rows of cells (each row its 1-based line in the file). */
export interface CsvTable {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

/** Whether a cell would run as a formula in a spreadsheet. */
export function isFormula(cell: string): boolean {
  if (cell.startsWith('=') || cell.startsWith('@')) return true;
  if (cell.startsWith('+') || cell.startsWith('-')) return !/^[+-]\d[\d,]*(\.\d+)?$/.test(cell);
  return false;
}

/** The file's text: 400 when it is not UTF-8 text (binary, another encoding, a ZIP sent as it). */
export function csvText(bytes: Buffer): string {
  if (bytes.length === 0) throw httpError(400, 'file: the CSV is empty');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    throw httpError(400, 'file: this is a ZIP archive, not a CSV file (send photos as "photos")');
  }
  if (bytes.includes(0))
    throw httpError(400, 'file: this is not a CSV file (it holds binary data)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw httpError(
      400,
      'file: the CSV is not UTF-8 text (save it as "CSV UTF-8" from your spreadsheet)',
    );
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The separator the header line uses most, outside quotes: ';' or ','. */
export function sniffDelimiter(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const tooMany = (what: string, line: number, count: number) =>
  httpError(
    400,
    `file: ${what} ${line} has ${count} columns; a CSV may have at most ${IMPORT_LIMITS.columns}`,
  );

/**
 * Reads the CSV (streamed through csv-parse): 400 naming what is wrong (not CSV text, too many
 * columns, a formula, no header), 413 past the rows' limit.
 */
export async function readCsv(text: string, delimiter: Delimiter): Promise<CsvTable> {
  const parser = parse(text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  let headers: string[] | null = null;
  const rows: CsvTable['rows'] = [];
  try {
    for await (const record of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const cells = record.record.map((cell) => cell.trim());
      const line = record.info.lines;
      if (cells.length > IMPORT_LIMITS.columns) {
        throw tooMany(headers ? 'row' : 'the header on line', line, cells.length);
      }
      if (!headers) {
        headers = cells;
        continue;
      }
      if (cells.every((cell) => cell === '')) continue;
      const formula = cells.findIndex(isFormula);
      if (formula >= 0) {
        throw httpError(
          400,
          `file: row ${line}, column '${(headers[formula] ?? `${formula + 1}`).slice(0, 40)}' ` +
            'starts with =, +, -, or @ (a spreadsheet formula); formulas are not accepted',
        );
      }
      if (rows.length >= IMPORT_LIMITS.rows) {
        throw httpError(413, `file: the CSV has more than ${IMPORT_LIMITS.rows} rows`);
      }
      rows.push({ line, cells });
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    const message = (error as Error).message.split('\n')[0]!.slice(0, 200);
    throw httpError(400, `file: this is not a readable CSV file (${message})`);
  }
  if (!headers || headers.every((header) => header === '')) {
    throw httpError(400, 'file: the CSV has no header line');
  }
  if (rows.length === 0) throw httpError(400, 'file: the CSV has no rows under its header');
  return { headers, rows };
}
