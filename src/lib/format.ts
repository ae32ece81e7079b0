/** Prices in $ with thousands separators (the currency symbol is $). */
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

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A day as people say it: 'Nov 3' this year, 'Nov 3, 2025' in another. */
export function formatDay(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.getFullYear() === new Date(now).getFullYear()
    ? dayFormat.format(date)
    : dateFormat.format(date);
}

/** Whole calendar days (the visitor's own) from `iso` to `now`. */
function daysSince(iso: string, now: number): number {
  const day = (time: number) => {
    const date = new Date(time);
    return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  };
  return Math.round((day(now) - day(Date.parse(iso))) / 86_400_000);
}

/** 'Listed today', 'Listed yesterday', 'Listed 12 days ago'; null for an unreadable time. */
export function listedAgo(iso: string, now = Date.now()): string | null {
  if (Number.isNaN(Date.parse(iso))) return null;
  const days = daysSince(iso, now);
  if (days <= 0) return 'Listed today';
  if (days === 1) return 'Listed yesterday';
  return `Listed ${days} days ago`;
}
