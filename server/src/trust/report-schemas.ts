/** The contract of reports and the moderators' queue: bodies and answers. */
import { Type, type TSchema } from '@sinclair/typebox';
import {
  FLAG_REASONS,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
} from '../platform/db/schema';
import { TARGET_STATES } from './report-queue';
import { Id } from '../platform/http/schemas';

/** The most characters of a report's details. */
export const REPORT_DETAILS_MAX = 1000;

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  );
const Time = Type.String({ format: 'date-time' });
const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

export const TargetKind = literals(REPORT_TARGETS, "'product' (a listing) or 'user' (an account)");

export const ReportBody = Type.Object(
  {
    targetKind: TargetKind,
    targetId: Id,
    reason: literals(
      REPORT_REASONS,
      "scam ('Scam or fraud'), wrong_info ('Wrong information'), already_sold ('Already sold'), " +
        "offensive ('Offensive') or other ('Other')",
    ),
    details: Type.Optional(
      Type.String({
        maxLength: REPORT_DETAILS_MAX,
        description: `what the moderator should know (up to ${REPORT_DETAILS_MAX} characters)`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const Report = Type.Object(
  {
    _id: Type.String(),
    targetKind: TargetKind,
    targetId: Type.String(),
    reason: literals(REPORT_REASONS),
    details: Type.String(),
    createdAt: Time,
  },
  { $id: 'Report', title: 'Report' },
);

const State = literals(
  TARGET_STATES,
  "a listing's: for_sale, sold, hidden (by a moderator), seller_suspended, pending (waiting " +
    "for approval) or gone (deleted); an account's: active, suspended or gone",
);
const AnyReason = literals([...REPORT_REASONS, ...FLAG_REASONS]);

export const QueueRow = Type.Object(
  {
    targetKind: TargetKind,
    targetId: Type.String(),
    name: Type.String({ description: "the car's or the account's name" }),
    reasons: Type.Array(AnyReason, { description: 'the open reports’ and flags’ reasons' }),
    people: Type.Integer({ description: 'distinct people with an open report' }),
    flags: Type.Integer({ description: 'open automatic flags' }),
    newestAt: Type.String({
      format: 'date-time',
      description: 'the newest open report or flag, or the request for review if later',
    }),
    reviewAsked: Type.Boolean({ description: 'the owner of a hidden listing asked for review' }),
    state: State,
  },
  { $id: 'ReportQueueRow', title: 'ReportQueueRow' },
);

const Listing = {
  _id: Type.String(),
  carName: Type.String(),
  carPhoto: Type.String(),
  resalePrice: Type.Number(),
  state: State,
  hiddenReason: nullable(Type.String()),
};

export const ReportFile = Type.Object(
  {
    targetKind: TargetKind,
    targetId: Type.String(),
    product: nullable(
      Type.Object({
        ...Listing,
        sellerId: nullable(Type.String()),
        sellerName: Type.String(),
        hiddenAt: nullable(Time),
        reviewAskedAt: nullable(Time),
      }),
    ),
    user: nullable(
      Type.Object({
        _id: Type.String(),
        name: Type.String(),
        email: Type.String(),
        userRole: Type.String(),
        userImg: Type.String(),
        createdAt: Time,
        state: State,
        suspendedAt: nullable(Time),
        suspendReason: nullable(Type.String()),
        listings: Type.Array(Type.Object(Listing)),
        reviews: Type.Array(
          Type.Object({
            _id: Type.String(),
            rating: Type.Integer(),
            text: Type.String(),
            buyerName: Type.String(),
            productName: Type.String(),
            createdAt: Time,
            hiddenAt: nullable(Time),
            hiddenReason: nullable(Type.String()),
          }),
        ),
      }),
    ),
    reports: Type.Array(
      Type.Object({
        _id: Type.String(),
        reporterId: nullable(Type.String()),
        reporterName: nullable(Type.String({ description: 'null: an automatic flag' })),
        reason: AnyReason,
        details: Type.String(),
        createdAt: Time,
        closedAt: nullable(Time),
        outcome: nullable(literals(['actioned', 'dismissed'])),
      }),
    ),
    history: Type.Array(
      Type.Object({
        _id: Type.String(),
        adminId: Type.String(),
        adminName: Type.String(),
        action: literals(MODERATION_ACTIONS),
        targetKind: literals(['product', 'user', 'review']),
        targetId: Type.String(),
        reason: Type.String(),
        createdAt: Time,
      }),
    ),
  },
  { $id: 'ReportFile', title: 'ReportFile' },
);

export const reportSchemas = [Report, QueueRow, ReportFile];
