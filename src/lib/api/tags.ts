/**
 * The cache's tags, as the RTK Query guides give them: a query provides one tag per record it
 * shows (`{ type, id }`) and the tag of its list (`LIST`, or a narrower list id below); a mutation
 * invalidates the records it changed, and a list only when records join or leave it. So changing
 * one car refetches the lists that show that car, not every page of every list.
 *
 * Record ids are letters, digits, _ and - (the contract), so the list ids with ':' never meet one.
 */

/** The tag types: the original API's keys plus `products` and `roles`, and the deals' two. */
export const TAG_TYPES = [
  'buyers',
  'sellers',
  'orders',
  'advertisement',
  'categories',
  'products',
  'roles',
  // Deals (src/lib/api/deals.ts): a booking's conversation, a user's notifications.
  'messages',
  'notifications',
  // Saved cars (src/lib/api/saved.ts): the caller's list, by car id.
  'savedCars',
  // A user's saved searches (src/lib/api/savedSearches.ts).
  'savedSearches',
  // The moderators' queue and a target's file (src/lib/api/reports.ts), by target id.
  'reports',
  // Reviews (src/lib/api/reviews.ts): a booking's review by booking id, a seller's by seller id.
  'reviews',
  // Whether the signed-in account's e-mail is confirmed (one entry: the caller's).
  'emailConfirmation',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Every list of a type (every entry that shows records of it joining or leaving). */
export const LIST = 'LIST';

export const tag = <T extends TagType>(type: T, id: string) => ({ type, id });

/** A list's tags: one per record it holds, then the list ids it answers to. */
export function listTags<T extends TagType>(
  type: T,
  records: readonly { _id: string }[] | undefined,
  lists: readonly string[] = [LIST],
) {
  return [
    ...(records ?? []).map((record) => tag(type, record._id)),
    ...lists.map((id) => tag(type, id)),
  ];
}

/**
 * The lists of cars. Every category page and every seller's list answers to `LIST` (a change to
 * cars no one can name, such as a seller's verification); a new car joins one category's pages
 * and the seller lists (the caller's own: the only one a seller's browser keeps). The
 * advertisements are the `advertisement` list, which a seller's list also answers to by car,
 * since it shows which of the seller's cars are advertised.
 */
export const carLists = {
  category: (categoryName: string) => `${LIST}:category:${categoryName}`,
  sellers: `${LIST}:seller`,
  /** Searches and their counts: a new car may match any of them. */
  search: `${LIST}:search`,
} as const;
