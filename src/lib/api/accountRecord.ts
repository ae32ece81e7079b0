/**
 * When the signed-in account's user record is saved, for the live events' streams
 * (liveEvents.ts): kept apart from them so that the session's code, in every page's first
 * script, tells them without loading them.
 */

/** The streams waiting out a pause: each is woken to try again at once. */
export const waiting = new Set<() => void>();
/** How many times a user record was saved in this tab (a refusal older than the last is stale). */
let saved = 0;

/** How many times a user record was saved in this tab. */
export const recordsSaved = (): number => saved;

/**
 * The signed-in account's user record was just saved (`PUT /users`): streams refused for want of
 * one try again now rather than after their pause, and so does one whose try was under way.
 */
export function accountRecordSaved(): void {
  saved += 1;
  for (const wake of [...waiting]) wake();
}
