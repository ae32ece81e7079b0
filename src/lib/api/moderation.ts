/**
 * Moderation's actions, from the admin's file page: each changes the target, closes
 * its reports and writes the audit log, so the queue, the target's file and what the catalogue
 * and the bookings show are refetched. Loaded with the admin's moderation pages only.
 */
import { screenApi as api } from './generated/screenEndpoints';
import { targetTag } from './reports';
import { LIST, tag } from './tags';

/** What any action may have changed: the queue and files, the cars, the bookings, the users. */
const decided = [
  tag('reports', LIST),
  tag('products', LIST),
  tag('advertisement', LIST),
  tag('orders', LIST),
  tag('sellers', LIST),
  tag('buyers', LIST),
];

/** A listing's actions: the listing's file, and its seller's (it lists the seller's cars). */
const listingDecided = (result: unknown, id: string) =>
  result
    ? [...decided, tag('products', id), targetTag('product', id), tag('reports', 'user-files')]
    : [];

export const moderationApi = api.enhanceEndpoints({
  endpoints: {
    hideListing: { invalidatesTags: (result, _error, { id }) => listingDecided(result, id) },
    restoreListing: { invalidatesTags: (result, _error, { id }) => listingDecided(result, id) },
    keepListingHidden: { invalidatesTags: (result, _error, { id }) => listingDecided(result, id) },
    // A review's seller's file shows it; the seller pages and cars show the rating.
    hideReview: {
      invalidatesTags: (result) => (result ? [...decided, tag('reports', 'user-files')] : []),
    },
    dismissReports: {
      invalidatesTags: (result, _error, { targetKind, targetId }) =>
        result ? [tag('reports', LIST), targetTag(targetKind, targetId)] : [],
    },
    suspendUser: {
      invalidatesTags: (result, _error, { id }) =>
        result ? [...decided, targetTag('user', id)] : [],
    },
    unsuspendUser: {
      invalidatesTags: (result, _error, { id }) =>
        result ? [...decided, targetTag('user', id)] : [],
    },
  },
});

export const {
  useSuspendUserMutation,
  useUnsuspendUserMutation,
  useHideListingMutation,
  useRestoreListingMutation,
  useKeepListingHiddenMutation,
  useHideReviewMutation,
  useDismissReportsMutation,
} = moderationApi;
