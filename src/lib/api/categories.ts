/**
 * The admin's Categories screen: every category with its number of cars, and adding, editing,
 * moving and deleting one. Loaded with the admin's pages. A change refetches the categories
 * wherever they show (the home page's grid, the seller's form); a new name is its cars' too, so
 * a rename or a delete refetches the car lists.
 */
import { screenApi as api } from './generated/screenEndpoints';
import { carLists, LIST, listTags, tag } from './tags';

const categoriesApi = api.enhanceEndpoints({
  endpoints: {
    getAdminCategories: { providesTags: (rows) => listTags('categories', rows) },
    addCategory: { invalidatesTags: (result) => (result ? [tag('categories', LIST)] : []) },
    updateCategory: {
      invalidatesTags: (result, _error, { id }) =>
        result
          ? [
              tag('categories', LIST),
              tag('categories', id),
              tag('products', LIST),
              tag('products', carLists.search),
            ]
          : [],
    },
    deleteCategory: {
      invalidatesTags: (result) =>
        result ? [tag('categories', LIST), tag('products', carLists.search)] : [],
    },
  },
});

export const {
  useGetAdminCategoriesQuery,
  useAddCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
export type { AdminCategory } from './generated/screenEndpoints';
export { addCategoryLimits } from './generated/limits/addCategory';
