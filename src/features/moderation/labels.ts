/** How the moderation pages name a target's kind and state. */
import type { ReportQueueRow } from '../../lib/api/reports';

export const STATE_LABELS: Record<ReportQueueRow['state'], string> = {
  for_sale: 'For sale',
  sold: 'Sold',
  hidden: 'Hidden',
  seller_suspended: 'Hidden with its seller',
  pending: 'Pending review',
  active: 'Active',
  suspended: 'Suspended',
  gone: 'Deleted',
};

export const KIND_LABELS: Record<ReportQueueRow['targetKind'], string> = {
  product: 'Listing',
  user: 'Account',
};

/** What an audit log line's action reads as. */
export const ACTION_LABELS: Record<string, string> = {
  hide_listing: 'Hid the listing',
  restore_listing: 'Restored the listing',
  keep_hidden: 'Kept the listing hidden',
  approve_listing: 'Approved the listing',
  suspend: 'Suspended the account',
  unsuspend: 'Lifted the suspension',
  dismiss: 'Dismissed the reports',
  hide_review: 'Hid a review',
};
