/**
 * Every browser test signs in from one address: the server under test gets limits far above
 * what a run makes. These are the limits both the single server and the cluster raise.
 */
export const RAISED_LIMITS: Record<string, string> = Object.fromEntries(
  [
    'JWT',
    'USERS',
    'UPLOADS',
    'ORDERS',
    'MESSAGES',
    'MESSAGES_DAY',
    'MESSAGES_BOOKING',
    'SIGN_IN',
    'SAVED_SEARCHES',
    'SIGN_UP',
    'CAR_POSTS',
    'CAR_POSTS_DAY',
    'CAR_EDITS',
    'CAR_EDITS_DAY',
  ].map((name) => [`RATE_LIMIT_${name}`, '10000']),
);
