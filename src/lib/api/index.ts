import { cardealerApi } from './generated/cardealerApi';

/**
 * The one hand-written layer over the generated endpoints: cache tags (spec §7 keys) and what
 * each mutation invalidates.
 */
export const api = cardealerApi.enhanceEndpoints({
  addTagTypes: ['buyers', 'sellers', 'orders', 'advertisement', 'categories', 'products', 'roles'],
  endpoints: {
    getCategories: { providesTags: ['categories'] },
  },
});

export const { useGetCategoriesQuery } = api;
export type { Category } from './generated/cardealerApi';
