/**
 * A user's saved searches: their list with each one's new matches, saving one from
 * /cars, renaming, opening, changing how it is e-mailed, and deleting. Loaded with the 'Save this
 * search' dialog and the Saved searches page, not with every page's start-up script.
 */
import { screenApi as api } from './generated/screenEndpoints';
import { LIST, listTags, tag } from './tags';

export type { SavedSearch } from './generated/screenEndpoints';

export const savedSearchesApi = api.enhanceEndpoints({
  endpoints: {
    getSavedSearches: { providesTags: (searches) => listTags('savedSearches', searches) },
    createSavedSearch: {
      invalidatesTags: (result) => (result ? [tag('savedSearches', LIST)] : []),
    },
    updateSavedSearch: {
      invalidatesTags: (result, _error, { id }) => (result ? [tag('savedSearches', id)] : []),
      // A new e-mail setting shows at once (and goes back if refused).
      onQueryStarted: async ({ id, body }, { dispatch, queryFulfilled }) => {
        const { notify } = body;
        if (!notify) return;
        const patch = dispatch(
          api.util.updateQueryData('getSavedSearches', undefined, (searches) =>
            searches.map((search) => (search._id === id ? { ...search, notify } : search)),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    },
    deleteSavedSearch: {
      invalidatesTags: (_result, error) => (error ? [] : [tag('savedSearches', LIST)]),
      // It leaves the list at once (a delete refused stays refused: the list is refetched).
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          api.util.updateQueryData('getSavedSearches', undefined, (searches) =>
            searches.filter((search) => search._id !== id),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    },
  },
});

export const {
  useGetSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchesApi;
