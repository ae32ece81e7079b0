/** Accounts asked about in one query (each is a parameter). */
const ACCOUNTS_PER_QUERY = 1000;

/** `userIds` in slices of at most one query's worth. */
export function* accountBatches(userIds: string[]): Generator<string[]> {
  for (let i = 0; i < userIds.length; i += ACCOUNTS_PER_QUERY) {
    yield userIds.slice(i, i + ACCOUNTS_PER_QUERY);
  }
}
