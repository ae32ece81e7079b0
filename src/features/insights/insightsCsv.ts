import type { CarInsights } from '../../lib/api/insights';

/** The columns of the CSV, in order, with their header. */
const COLUMNS: { header: string; value: (car: CarInsights) => string | number | null }[] = [
  { header: 'Car', value: (car) => car.name },
  { header: 'Id', value: (car) => car._id },
  { header: 'Views', value: (car) => car.views },
  { header: 'Saves', value: (car) => car.saves },
  { header: 'Bookings', value: (car) => car.bookings },
  { header: 'Messages', value: (car) => car.messages },
  { header: 'Days on market', value: (car) => car.daysOnMarket },
  { header: 'Price', value: (car) => car.price },
  { header: 'Market value', value: (car) => car.marketValue },
];

/** A spreadsheet runs a cell that begins with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that a spreadsheet would run as a formula gets a leading apostrophe (it is
 * then shown as text), and every text cell is quoted, its quotes doubled. Numbers stay numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The cars as a CSV file's text (a header row, then a row per car; CRLF line ends). */
export function insightsCsv(cars: readonly CarInsights[]): string {
  const lines = [COLUMNS.map((column) => csvCell(column.header)).join(',')];
  for (const car of cars) {
    lines.push(COLUMNS.map((column) => csvCell(column.value(car))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
