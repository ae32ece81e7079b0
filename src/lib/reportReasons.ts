/** What a report's or a flag's reason reads as. */
import type { ReportFile } from './api/generated/screenEndpoints';

export type ReasonCode = ReportFile['reports'][number]['reason'];

/** The reasons a person picks, in the dialog's order. */
export const PERSON_REASONS = [
  ['scam', 'Scam or fraud'],
  ['wrong_info', 'Wrong information'],
  ['already_sold', 'Already sold'],
  ['offensive', 'Offensive'],
  ['other', 'Other'],
] as const;

export const REASON_LABELS: Record<ReasonCode, string> = {
  ...(Object.fromEntries(PERSON_REASONS) as Record<(typeof PERSON_REASONS)[number][0], string>),
  same_vin: 'Same VIN as another seller’s car',
  same_photo: 'Same photo as another seller’s car',
  low_price: 'Price far under market value',
  new_seller: 'New seller’s car',
  listing_burst: 'Like listings from several new accounts',
};

/** The most characters of a report's details (the server's limit). */
export const DETAILS_MAX = 1000;

export const THANKS = 'Thanks, a moderator will look at it';
export const ALREADY_REPORTED = 'You already reported this';
