/**
 * The inventory import's calls, as the generated slices write them (hand-written until the
 * server's routes are in the contract; their types are in importTypes.ts). Uploading the files is
 * not here: it goes by XMLHttpRequest for its progress (uploadImport.ts).
 *
 * No cache tags: every answer is the whole import, so each mutation puts its answer in the
 * import's entry, and the page's polling takes it from there.
 */
import { api } from '../../lib/api';
import type {
  ApplyImportApiArg,
  ApplyImportApiResponse,
  DiscardImportApiArg,
  DiscardImportApiResponse,
  GetCurrentImportApiArg,
  GetCurrentImportApiResponse,
  GetImportApiArg,
  GetImportApiResponse,
  Import,
  UpdateImportMappingApiArg,
  UpdateImportMappingApiResponse,
} from './importTypes';

const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentImport: build.query<GetCurrentImportApiResponse, GetCurrentImportApiArg>({
      query: () => ({ url: `/api/imports/current` }),
    }),
    getImport: build.query<GetImportApiResponse, GetImportApiArg>({
      query: (queryArg) => ({ url: `/api/imports/${encodeURIComponent(String(queryArg.id))}` }),
    }),
    updateImportMapping: build.mutation<UpdateImportMappingApiResponse, UpdateImportMappingApiArg>({
      query: (queryArg) => ({
        url: `/api/imports/${encodeURIComponent(String(queryArg.id))}/mapping`,
        method: 'PUT',
        body: queryArg.body,
      }),
    }),
    applyImport: build.mutation<ApplyImportApiResponse, ApplyImportApiArg>({
      query: (queryArg) => ({
        url: `/api/imports/${encodeURIComponent(String(queryArg.id))}/apply`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    discardImport: build.mutation<DiscardImportApiResponse, DiscardImportApiArg>({
      query: (queryArg) => ({
        url: `/api/imports/${encodeURIComponent(String(queryArg.id))}`,
        method: 'DELETE',
      }),
    }),
  }),
});

/** Puts an answer in its import's entry (the polled one) and in the latest import's. */
export const storeImport = (answer: Import) =>
  injectedRtkApi.util.upsertQueryEntries([
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

export const importApi = injectedRtkApi.enhanceEndpoints({
  endpoints: {
    // The latest import is asked again on each visit (it may have moved on meanwhile).
    getCurrentImport: { keepUnusedDataFor: 0 },
    updateImportMapping: { onQueryStarted: keepAnswer },
    applyImport: { onQueryStarted: keepAnswer },
  },
});

export const {
  useGetCurrentImportQuery,
  useGetImportQuery,
  useUpdateImportMappingMutation,
  useApplyImportMutation,
  useDiscardImportMutation,
} = importApi;
