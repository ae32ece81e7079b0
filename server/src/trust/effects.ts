import type { DomainEffects } from '../platform/effects';

/**
 * What the database keeps for trust: each seller's stored rating (count and sum of the stars of
 * their visible reviews), and the moderation log's refusal of any change or deletion. No
 * background work: the automatic flags are checked by the car routes' call after their write
 * (trust/auto-flags.ts), and reports wait for a moderator.
 */
export const trustEffects: DomainEffects = {
  triggers: [
    {
      name: 'reviews_keep_rating',
      table: 'reviews',
      fires: 'after insert or update or delete, each row',
      migration: '0029_trust.sql',
      feeds: ['users.review_count', 'users.review_sum'],
    },
    {
      name: 'moderation_actions_append_only',
      table: 'moderation_actions',
      fires: 'before update or delete, each row',
      migration: '0029_trust.sql',
      feeds: [],
    },
  ],
  queues: [],
  channels: [],
};
