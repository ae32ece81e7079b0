/**
 * Moderation's actions (issue 26), from the admin's file page: each changes the target, closes
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

export const moderationApi = api.enhanceEndpoints({
  endpoints: {
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

export const { useSuspendUserMutation, useUnsuspendUserMutation } = moderationApi;
