/** How a seller answers bookings, in words (the seller page's). */
import type { SellerPage } from '../../lib/api/reviews';

/** 'Usually answers within 3 hours' ('within an hour' under one); null when none answered. */
export function answersWithin(responses: SellerPage['responses']): string | null {
  const minutes = responses.medianMinutes;
  if (minutes === null) return null;
  if (minutes < 60) return 'Usually answers within an hour';
  const hours = Math.ceil(minutes / 60);
  return hours < 48
    ? `Usually answers within ${hours} hours`
    : `Usually answers within ${Math.ceil(hours / 24)} days`;
}

/** '80% answered within 48 hours'; null when no booking counted. */
export function answeredShare(responses: SellerPage['responses']): string | null {
  if (responses.within48h === null) return null;
  return `${Math.round(responses.within48h * 100)}% answered within 48 hours`;
}
