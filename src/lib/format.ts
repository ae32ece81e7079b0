/** Prices in $ with thousands separators (spec §9: the currency symbol is $). */
const priceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatPrice(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return `$${value}`;
  return `$${priceFormat.format(amount)}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * A product's post time, readable ("Mar 14, 2025"). The seller's browser wrote it as a local
 * date-time string (for example "3/14/2025, 2:30:00 PM"); anything unparseable shows as written.
 */
export function formatPostDate(postTime: string): string {
  const date = new Date(postTime);
  return Number.isNaN(date.getTime()) ? postTime : dateFormat.format(date);
}

/** "1 year", "3 years", "1.5 years". */
export function formatYears(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** A booking's date as people read it ('Nov 20, 2026, 10:00 AM'). */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
