/**
 * The moderators' actions on listings, reviews and reports, admins only, each with a
 * reason the affected person reads; and the owner's request for a second look at their hidden
 * car. The writes are trust/listing-actions.ts's; an action that changes what is for sale is a
 * catalogue write (answered once every replica has seen it, as a sale is).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import type { ListingRefusal } from './listing-actions';
import type { Moderator } from './moderation-writes';
import { TargetKind } from './report-schemas';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, errors, Id, SingleLine } from '../platform/http/schemas';

/** The most characters of a moderator's reason. */
export const MODERATION_REASON_MAX = 500;

const ReasonBody = Type.Object(
  {
    reason: SingleLine(
      MODERATION_REASON_MAX,
      'why (one line, 1 to 500 characters, trimmed): the person affected reads it',
    ),
  },
  { additionalProperties: false },
);

const ModerationDone = Type.Object(
  {
    action: Type.Union(
      [
        Type.Literal('hide_listing'),
        Type.Literal('restore_listing'),
        Type.Literal('approve_listing'),
        Type.Literal('keep_hidden'),
        Type.Literal('hide_review'),
        Type.Literal('dismiss'),
      ],
      { description: "the audit log's line that the action wrote" },
    ),
    closedReports: Type.Integer({ minimum: 0, description: 'open reports and flags it closed' }),
    declinedBookings: Type.Integer({
      minimum: 0,
      description: "open bookings it declined ('Listing removed')",
    }),
  },
  { $id: 'ModerationDone', title: 'ModerationDone' },
);

const REFUSALS: Record<ListingRefusal, [number, string]> = {
  'no-car': [404, 'id: no such product'],
  'not-owner': [403, 'id: this is not your product'],
  'already-hidden': [409, 'This listing is already hidden'],
  'not-hidden': [409, 'This listing is not hidden'],
  'seller-suspended': [409, 'Unsuspend the seller first'],
  'not-asked': [409, 'The owner has not asked for a review'],
  'already-asked': [409, 'You already asked for a review'],
  'no-review': [404, 'id: no such review'],
  'review-hidden': [409, 'This review is already hidden'],
  'no-open-reports': [409, 'There are no open reports on this'],
};

/** What an action answers: what it did. */
const ANSWER = { 200: Type.Ref('ModerationDone') };

/** The answer of an action, or its refusal as an HTTP error. */
function done<T extends object>(outcome: T | { refused: ListingRefusal }): T {
  if ('refused' in outcome) {
    const [status, message] = REFUSALS[outcome.refused];
    throw httpError(status, message);
  }
  return outcome;
}

const moderatorOf = (request: FastifyRequest): Moderator => {
  const user = request.caller!.user!;
  return { id: user._id, name: user.name };
};
const reasonOf = (request: FastifyRequest) => (request.body as { reason: string }).reason.trim();

/** The schema of a moderator's action, with its reason, on one listing or review by its id. */
const actionSchema = (operationId: string, summary: string, description: string) => ({
  operationId,
  tags: ['admin'],
  summary,
  description,
  security: ACCESS_TOKEN,
  params: Type.Object({ id: Id }),
  body: ReasonBody,
  response: { ...ANSWER, ...errors(400, 401, 403, 404, 409, 415) },
});

/** The moderators hide a listing, restore or approve it, or keep it hidden. */
function listingActionRoutes(app: RoutesApp): void {
  const admin = [app.authenticate, app.requireRole('Admin')];
  const actions = app.repos.listingActions;

  app.post(
    '/admin/products/:id/hide',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: actionSchema(
        'hideListing',
        'Hides a listing (admin only): out of sale, its open bookings declined',
        "The car leaves every list, count and alert; its page answers 410 'This listing was " +
          "removed' to all but its owner and the admins. Its open bookings are declined ('Listing " +
          "removed'; each buyer told), its open reports closed as actioned, its owner told with " +
          "the reason. Already hidden by moderation: 409 'This listing is already hidden' (a car " +
          "pending approval or hidden with its seller's suspension may be hidden: it then stays " +
          'hidden when the seller is unsuspended).',
      ),
    },
    async (request) =>
      done(await actions.hide(moderatorOf(request), request.params.id, reasonOf(request))),
  );

  app.post(
    '/admin/products/:id/restore',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: actionSchema(
        'restoreListing',
        'Puts a hidden listing back on sale, or approves a pending one (admin only)',
        "A car hidden by moderation is restored ('restore_listing'); a new seller's car " +
          "pending approval is approved ('approve_listing'). It is back in every list and is " +
          'alerted to saved searches as newly listed; its owner is told with the reason. Not ' +
          "hidden: 409 'This listing is not hidden'; hidden with its seller's suspension, or its " +
          "seller suspended: 409 'Unsuspend the seller first'.",
      ),
    },
    async (request) =>
      done(await actions.restore(moderatorOf(request), request.params.id, reasonOf(request))),
  );

  app.post(
    '/admin/products/:id/keep-hidden',
    {
      onRequest: admin,
      schema: actionSchema(
        'keepListingHidden',
        "Answers an owner's request for review: the listing stays hidden (admin only)",
        'The reason becomes the one the owner reads; the owner may ask again. Not hidden by ' +
          "moderation: 409 'This listing is not hidden'; no request: 409 'The owner has not asked " +
          "for a review'.",
      ),
    },
    async (request) =>
      done(await actions.keepHidden(moderatorOf(request), request.params.id, reasonOf(request))),
  );
}

/** The moderators hide a review, or dismiss a target's open reports. */
function reviewAndReportActionRoutes(app: RoutesApp): void {
  const admin = [app.authenticate, app.requireRole('Admin')];
  const actions = app.repos.listingActions;

  app.post(
    '/admin/reviews/:id/hide',
    {
      config: CATALOGUE_WRITE,
      onRequest: admin,
      schema: actionSchema(
        'hideReview',
        'Hides an abusive review (admin only): it leaves every list and the rating',
        "Its author is told with the reason. Already hidden: 409 'This review is already " +
          "hidden'; unknown: 404.",
      ),
    },
    async (request) => ({
      ...done(await actions.hideReview(moderatorOf(request), request.params.id, reasonOf(request))),
      closedReports: 0,
      declinedBookings: 0,
    }),
  );

  app.post(
    '/admin/reports/:targetKind/:targetId/dismiss',
    {
      onRequest: admin,
      schema: {
        operationId: 'dismissReports',
        tags: ['admin'],
        summary: "Closes a target's open reports as unfounded (admin only)",
        description:
          'Each reporter is told. Nothing else changes (a hidden car stays hidden). No open ' +
          "reports or flags: 409 'There are no open reports on this'.",
        security: ACCESS_TOKEN,
        params: Type.Object({ targetKind: TargetKind, targetId: Id }),
        body: ReasonBody,
        response: { ...ANSWER, ...errors(400, 401, 403, 409, 415) },
      },
    },
    async (request) => {
      const { targetKind, targetId } = request.params;
      const result = done(
        await actions.dismiss(moderatorOf(request), targetKind, targetId, reasonOf(request)),
      );
      return { ...result, declinedBookings: 0 };
    },
  );
}

/** The owner of a hidden car asks the moderators to look again. */
function reviewRequestRoute(app: RoutesApp): void {
  const actions = app.repos.listingActions;

  app.post(
    '/products/:id/review-request',
    {
      onRequest: [app.authenticate, app.requireRole('Seller')],
      schema: {
        operationId: 'askListingReview',
        tags: ['seller'],
        summary: 'Asks the moderators to look again at a listing they hid (its owner only)',
        description:
          "Once per hiding: it puts the car in the moderators' queue. Another seller's car: " +
          "403; not hidden by moderation: 409 'This listing is not hidden'; asked already: 409 " +
          "'You already asked for a review'. Answers the car's moderation.",
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: {
          200: Type.Ref('ListingModeration'),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const caller = request.caller!.user!;
      done(await actions.askReview(caller.email, request.params.id));
      const car = await app.repos.products.findById(request.params.id);
      if (!car?.moderation) throw httpError(409, 'This listing is not hidden');
      return car.moderation;
    },
  );
}

const adminListingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(ModerationDone);

  listingActionRoutes(app);
  reviewAndReportActionRoutes(app);
  reviewRequestRoute(app);
};

export default adminListingRoutes;
