/**
 * What a live stream's opening refetches. The server replays nothing, so every cache entry of the
 * given tags may have missed an event while no stream listened:
 * - an entry that holds its answer is read again now;
 * - an entry whose request is on its way is read again once that request has answered well (the
 *   server may have read it before the stream listened);
 * - an entry that shows a failure is left to its Retry, which reads afresh: reading it again at
 *   once would keep a page whose API is failing on its spinner for another round of retries.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TagType } from './tags';
import { screenApi as api } from './generated/screenEndpoints';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
type State = Parameters<typeof api.util.selectInvalidatedBy>[0];

/** Starts a fresh read of one cache entry (its endpoint named at run time). */
function refetch(dispatch: Dispatch, endpointName: string, args: unknown): void {
  // The endpoints' argument types differ per name; the name and its arguments come together
  // from the cache entry itself, so they match.
  const endpoint = (
    api.endpoints as unknown as Record<
      string,
      { initiate: (a: unknown, o: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction }
    >
  )[endpointName];
  if (endpoint) dispatch(endpoint.initiate(args, { subscribe: false, forceRefetch: true }));
}

/** The cache keys of the entries that provide one of `tags` (an entry's first answer brings them). */
const taggedKeys = (state: State, tags: readonly TagType[]) =>
  new Set(api.util.selectInvalidatedBy(state, [...tags]).map((entry) => entry.queryCacheKey));

export function refetchUnheard(
  dispatch: Dispatch,
  getState: () => State,
  tags: readonly TagType[],
): void {
  const state = getState();
  const tagged = taggedKeys(state, tags);
  for (const [key, entry] of Object.entries(state.api.queries)) {
    if (!entry?.endpointName) continue;
    const { endpointName, originalArgs } = entry;
    if (entry.status === 'fulfilled' && tagged.has(key)) {
      refetch(dispatch, endpointName, originalArgs);
    } else if (entry.status === 'pending') {
      // A first answer brings the entry's tags: whether it is one of these is known then.
      const running = dispatch(
        api.util.getRunningQueryThunk(
          endpointName as Parameters<typeof api.util.getRunningQueryThunk>[0],
          originalArgs as never,
        ),
      ) as PromiseLike<{ isSuccess: boolean }> | undefined;
      void running?.then((answer) => {
        if (answer.isSuccess && taggedKeys(getState(), tags).has(key)) {
          refetch(dispatch, endpointName, originalArgs);
        }
      });
    }
  }
}
