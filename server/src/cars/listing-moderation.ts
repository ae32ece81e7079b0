/**
 * A hidden car's moderation as its owner and the admins read it: why it is out of
 * sale, the moderator's reason, and whether the owner asked for a second look.
 */
import type { HIDDEN_REASONS } from '../platform/db/schema';

export type HiddenReason = (typeof HIDDEN_REASONS)[number];

export interface ListingModeration {
  state: 'hidden' | 'pending' | 'suspended';
  reason: string;
  reviewAsked: boolean;
}

const STATES: Record<HiddenReason, ListingModeration['state']> = {
  moderation: 'hidden',
  pending: 'pending',
  suspension: 'suspended',
};

/** The stored columns of a hidden car. */
export interface HiddenColumns {
  hidden: HiddenReason | null;
  hiddenReason: string | null;
  reviewAskedAt: Date | string | null;
}

/** The moderation of a car from its stored columns; null: it is not hidden. */
export function moderationOf(row: HiddenColumns): ListingModeration | null {
  if (!row.hidden) return null;
  return {
    state: STATES[row.hidden],
    reason: row.hiddenReason ?? '',
    reviewAsked: row.reviewAskedAt !== null,
  };
}

/** A row without its hidden columns, with `moderation` when it is hidden. */
export function withModeration<T extends HiddenColumns>(
  row: T,
): Omit<T, keyof HiddenColumns> & { moderation?: ListingModeration } {
  const { hidden, hiddenReason, reviewAskedAt, ...rest } = row;
  const moderation = moderationOf({ hidden, hiddenReason, reviewAskedAt });
  return moderation ? { ...rest, moderation } : rest;
}
