/**
 * Saved cars in the RTK Query cache: the caller's list (which also says which hearts are
 * pressed), saving (the answer joins the list), unsaving (the car leaves the list at once, and
 * comes back if the server refuses) and turning a car's alerts on or off (the same way).
 */
import { screenApi as api } from './generated/screenEndpoints';
import { listTags } from './tags';

export type { SavedCar } from './generated/screenEndpoints';

export const savedCarsApi = api.enhanceEndpoints({
  endpoints: {
    getSavedCars: {
      providesTags: (cars) =>
        listTags(
          'savedCars',
          cars?.map((car) => ({ _id: car.productId })),
        ),
    },
    saveCar: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            api.util.updateQueryData('getSavedCars', undefined, (list) => [
              data,
              ...list.filter((saved) => saved.productId !== data.productId),
            ]),
          );
        } catch {
          // Refused: the list is as it was (the heart says why).
        }
      },
    },
    updateSavedCar: {
      async onQueryStarted({ productId, body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          api.util.updateQueryData('getSavedCars', undefined, (list) =>
            list.map((saved) =>
              saved.productId === productId ? { ...saved, alerts: body.alerts } : saved,
            ),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    },
    unsaveCar: {
      async onQueryStarted({ productId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          api.util.updateQueryData('getSavedCars', undefined, (list) =>
            list.filter((saved) => saved.productId !== productId),
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
  useGetSavedCarsQuery,
  useSaveCarMutation,
  useUpdateSavedCarMutation,
  useUnsaveCarMutation,
} = savedCarsApi;
