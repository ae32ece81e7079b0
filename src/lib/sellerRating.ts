/** A seller in words: their rating, since when they are a member, cars sold. */
export interface Rating {
  average: number | null;
  count: number;
}

/** 'New seller', or '4.5 ★ (12 reviews)'; `short` leaves out the word: '4.5 ★ (12)'. */
export function ratingText(rating: Rating | undefined, short = false): string {
  if (!rating || rating.average === null || rating.count === 0) return 'New seller';
  const count = short ? '' : rating.count === 1 ? ' review' : ' reviews';
  return `${rating.average.toFixed(1)} ★ (${rating.count}${count})`;
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });

/** 'Member since Nov 2024' (the account's creation date). */
export function memberSince(iso: string): string {
  const date = new Date(iso);
  return `Member since ${Number.isNaN(date.getTime()) ? iso : monthYear.format(date)}`;
}

/** '1 car sold', '12 cars sold'. */
export function carsSold(n: number): string {
  return `${n} ${n === 1 ? 'car' : 'cars'} sold`;
}
