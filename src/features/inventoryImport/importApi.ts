/**
 * The inventory import's calls: the generated screen endpoints, with what the page needs of their
 * cache. Uploading the files is not here: it goes by XMLHttpRequest for its progress
 * (uploadImport.ts).
 *
 * No cache tags: every answer is the whole import, so each mutation puts its answer in the
 * import's entry, and the page's polling takes it from there.
 */
import { screenApi } from '../../lib/api/generated/screenEndpoints';
import type { Import } from './importTypes';

/** Puts an answer in its import's entry (the polled one) and in the latest import's. */
export const storeImport = (answer: Import) =>
  screenApi.util.upsertQueryEntries([
    { endpointName: 'getImport', arg: { id: answer._id }, value: answer },
    { endpointName: 'getCurrentImport', arg: undefined, value: answer },
  ]);

/** A mutation's answer (the whole import) replaces what the page shows. */
async function keepAnswer(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: ReturnType<typeof storeImport>) => unknown;
    queryFulfilled: Promise<{ data: Import }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(storeImport(data));
  } catch {
    // A refusal is shown by the caller; the import's entry stays as it was.
  }
}

export const importApi = screenApi.enhanceEndpoints({
  endpoints: {
    // The latest import is asked again on each visit (it may have moved on meanwhile).
    getCurrentImport: { keepUnusedDataFor: 0 },
    changeImportMapping: { onQueryStarted: keepAnswer },
    applyImport: { onQueryStarted: keepAnswer },
  },
});

export const {
  useGetCurrentImportQuery,
  useGetImportQuery,
  useChangeImportMappingMutation,
  useApplyImportMutation,
  useDiscardImportMutation,
} = importApi;
