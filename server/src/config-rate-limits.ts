/**
 * The server's rate limits: their defaults, and the `RATE_LIMIT_*` settings that change them.
 */
import type { RateLimits, RateLimitWindow } from './platform/http/rate-limits';

/** Reads a whole number setting (config.ts's `int`): the fallback when unset, else checked. */
type ReadInt = (name: string, fallback: number, min: number, max: number) => number;

/**
 * The defaults `npm start` runs with (per minute, per user or address). Generous for a person
 * (the web app asks for a token once per sign-in and per hour; a booking or an upload is a
 * deliberate act), tight for a script.
 */
export const DEFAULT_RATE_LIMITS = {
  jwt: { max: 30, windowSeconds: 60 },
  users: { max: 20, windowSeconds: 60 },
  uploads: { max: 20, windowSeconds: 60 },
  orders: { max: 10, windowSeconds: 60 },
  /** A conversation's messages per account: a minute's and a day's. */
  messages: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** An account's messages in one booking's conversation. */
  messagesPerBooking: { max: 10, windowSeconds: 60 },
  /** VIN decodes per account (each costs the server a few dozen queries): a minute's, a day's. */
  vin: [
    { max: 30, windowSeconds: 60 },
    { max: 300, windowSeconds: 24 * 3600 },
  ],
  /** An admin's category changes (adding, editing, moving, deleting), together. */
  categories: { max: 30, windowSeconds: 60 },
  /** Saving cars (each heart pressed): a shopper going down a page of results stays well under. */
  savedCars: { max: 120, windowSeconds: 60 },
  /** An account's saves, renames and opens of saved searches, together. */
  savedSearches: { max: 60, windowSeconds: 60 },
  /** Reports of listings and accounts per account, as messages: a minute's and a day's. */
  reports: [
    { max: 10, windowSeconds: 60 },
    { max: 50, windowSeconds: 24 * 3600 },
  ],
  /** An account's reviews and replies, together: a minute's and a day's (as messages). */
  reviews: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** A moderator's actions on listings, reviews and reports, and owners' requests for review. */
  moderation: { max: 60, windowSeconds: 60 },
  /** Cars posted (a minute's and a day's): an honest seller lists a few; dealers' stock is imported. */
  carPosts: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** Changes to cars for sale (each may alert the car's savers): a minute's and a day's. */
  carEdits: [
    { max: 30, windowSeconds: 60 },
    { max: 300, windowSeconds: 24 * 3600 },
  ],
  /** The sitemap's index and files per address: a crawler reads a few dozen a day. */
  sitemaps: { max: 60, windowSeconds: 60 },
  /** Signing out everywhere, deleting the account and downloading its data, together, an hour. */
  account: { max: 10, windowSeconds: 3600 },
  /** Requests for a password reset per address (each e-mail gets at most 3 mails an hour). */
  passwordResets: { max: 20, windowSeconds: 3600 },
  /** Confirmation mails asked for and confirmation links reported, per account and address. */
  emailConfirmations: { max: 10, windowSeconds: 60 },
  /** 'What's my car worth?' per address: a person values a few cars, a script a catalogue. */
  value: { max: 30, windowSeconds: 60 },
  /** Changes of e-mail asked for and their links opened, per account and address, an hour. */
  emailChanges: { max: 10, windowSeconds: 3600 },
  /** Car views counted by the web app (each a write): a person opens a few cars a minute. */
  carViews: { max: 120, windowSeconds: 60 },
  /** Inventory imports started, matched again, applied or discarded: a minute's and a day's. */
  imports: [
    { max: 10, windowSeconds: 60 },
    { max: 100, windowSeconds: 24 * 3600 },
  ],
} as const satisfies RateLimits;

/**
 * `RATE_LIMIT_<NAME>` calls (0: no limit) per `RATE_LIMIT_WINDOW_SECONDS`. Messages: an account's
 * `RATE_LIMIT_MESSAGES` a minute and `RATE_LIMIT_MESSAGES_DAY` a day, and in one booking's
 * conversation `RATE_LIMIT_MESSAGES_BOOKING` a minute. VIN decodes: `RATE_LIMIT_VIN` a minute and
 * `RATE_LIMIT_VIN_DAY` a day. An admin's category changes: `RATE_LIMIT_CATEGORIES`. Saving cars:
 * `RATE_LIMIT_SAVED_CARS`. Saved searches' saves, renames and opens: `RATE_LIMIT_SAVED_SEARCHES`.
 * Reports of listings and accounts: `RATE_LIMIT_REPORTS` a minute and `RATE_LIMIT_REPORTS_DAY` a day.
 * Reviews and replies: `RATE_LIMIT_REVIEWS` a minute and `RATE_LIMIT_REVIEWS_DAY` a day.
 * Moderators' actions and owners' requests for review: `RATE_LIMIT_MODERATION`. Cars posted:
 * `RATE_LIMIT_CAR_POSTS` a minute and `RATE_LIMIT_CAR_POSTS_DAY` a day; cars changed: the same
 * with `RATE_LIMIT_CAR_EDITS`. The sitemap's index and files per address: `RATE_LIMIT_SITEMAPS`.
 * An account's own sign-outs everywhere, deletes and downloads: `RATE_LIMIT_ACCOUNT` an hour.
 * Requests for a password reset per address: `RATE_LIMIT_PASSWORD_RESETS` an hour. Confirmation
 * mails asked for and links reported: `RATE_LIMIT_EMAIL_CONFIRMATIONS`. 'What's my car worth?'
 * per address: `RATE_LIMIT_VALUE`. Changes of e-mail asked for and their links opened:
 * `RATE_LIMIT_EMAIL_CHANGES` an hour. Car views the web app counts: `RATE_LIMIT_CAR_VIEWS`.
 * Inventory imports' writes: `RATE_LIMIT_IMPORTS` a minute and `RATE_LIMIT_IMPORTS_DAY` a day.
 */
export function rateLimits(readInt: ReadInt): RateLimits {
  const windowSeconds = readInt('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 24 * 3600);
  const max = (name: string, fallback: number) => readInt(name, fallback, 0, 1_000_000);
  const rule = (name: string, fallback: number) => ({ max: max(name, fallback), windowSeconds });
  /** A limit whose window is its default's own (an hour, a booking's minute), not the setting's. */
  const ownWindow = (name: string, fallback: RateLimitWindow) => ({
    max: max(name, fallback.max),
    windowSeconds: fallback.windowSeconds,
  });
  /** `<name>` a minute and `<name>_DAY` a day. */
  const minuteAndDay = (name: string, [minute, day]: readonly RateLimitWindow[]) => [
    { max: max(name, minute!.max), windowSeconds: minute!.windowSeconds },
    { max: max(`${name}_DAY`, day!.max), windowSeconds: day!.windowSeconds },
  ];
  return {
    jwt: rule('RATE_LIMIT_JWT', DEFAULT_RATE_LIMITS.jwt.max),
    users: rule('RATE_LIMIT_USERS', DEFAULT_RATE_LIMITS.users.max),
    uploads: rule('RATE_LIMIT_UPLOADS', DEFAULT_RATE_LIMITS.uploads.max),
    orders: rule('RATE_LIMIT_ORDERS', DEFAULT_RATE_LIMITS.orders.max),
    messages: minuteAndDay('RATE_LIMIT_MESSAGES', DEFAULT_RATE_LIMITS.messages),
    messagesPerBooking: ownWindow(
      'RATE_LIMIT_MESSAGES_BOOKING',
      DEFAULT_RATE_LIMITS.messagesPerBooking,
    ),
    vin: minuteAndDay('RATE_LIMIT_VIN', DEFAULT_RATE_LIMITS.vin),
    categories: rule('RATE_LIMIT_CATEGORIES', DEFAULT_RATE_LIMITS.categories.max),
    savedCars: rule('RATE_LIMIT_SAVED_CARS', DEFAULT_RATE_LIMITS.savedCars.max),
    savedSearches: rule('RATE_LIMIT_SAVED_SEARCHES', DEFAULT_RATE_LIMITS.savedSearches.max),
    reports: minuteAndDay('RATE_LIMIT_REPORTS', DEFAULT_RATE_LIMITS.reports),
    reviews: minuteAndDay('RATE_LIMIT_REVIEWS', DEFAULT_RATE_LIMITS.reviews),
    moderation: rule('RATE_LIMIT_MODERATION', DEFAULT_RATE_LIMITS.moderation.max),
    carPosts: minuteAndDay('RATE_LIMIT_CAR_POSTS', DEFAULT_RATE_LIMITS.carPosts),
    carEdits: minuteAndDay('RATE_LIMIT_CAR_EDITS', DEFAULT_RATE_LIMITS.carEdits),
    sitemaps: rule('RATE_LIMIT_SITEMAPS', DEFAULT_RATE_LIMITS.sitemaps.max),
    account: ownWindow('RATE_LIMIT_ACCOUNT', DEFAULT_RATE_LIMITS.account),
    passwordResets: ownWindow('RATE_LIMIT_PASSWORD_RESETS', DEFAULT_RATE_LIMITS.passwordResets),
    emailConfirmations: rule(
      'RATE_LIMIT_EMAIL_CONFIRMATIONS',
      DEFAULT_RATE_LIMITS.emailConfirmations.max,
    ),
    value: rule('RATE_LIMIT_VALUE', DEFAULT_RATE_LIMITS.value.max),
    emailChanges: ownWindow('RATE_LIMIT_EMAIL_CHANGES', DEFAULT_RATE_LIMITS.emailChanges),
    carViews: rule('RATE_LIMIT_CAR_VIEWS', DEFAULT_RATE_LIMITS.carViews.max),
    imports: minuteAndDay('RATE_LIMIT_IMPORTS', DEFAULT_RATE_LIMITS.imports),
  };
}
