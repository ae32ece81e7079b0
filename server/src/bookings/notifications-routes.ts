import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../platform/db/schema';
import { clientNetwork } from '../platform/http/client-network';
import { httpError } from '../platform/http/errors';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, errors, Id } from '../platform/http/schemas';

/** How often a stream says it is alive (proxies close connections idle for a minute). */
export const HEARTBEAT_MS = 25_000;

/** The 409 of a stream asked for by a sign-in account whose registration has not saved its record. */
export const STREAM_NEEDS_RECORD =
  'This account has no user record yet: finish the registration (PUT /api/users), then open the live events';

/** The 429 of a stream from an address that holds `max` streams on this process already. */
export const tooManyStreams = (max: number) =>
  `Too many live event streams from this address: at most ${max} at once; close another tab or try again later`;

/**
 * Why the server ended a stream (its last event, `end`): the token expired, the account was
 * deleted, suspended or signed out everywhere, or the account opened more streams than one
 * process keeps (the oldest is closed).
 */
type StreamEnd = 'expired' | 'deleted' | 'suspended' | 'signed-out' | 'replaced';
// 'restarting' (the server shuts down: reconnect, through the load balancer) is sent by app.ts.

const Notification = Type.Object(
  {
    _id: Type.String(),
    orderId: Type.Union([Type.String(), Type.Null()], {
      description: 'the booking it is about; null for an alert',
    }),
    kind: Type.Union(
      NOTIFICATION_KINDS.map((kind) => Type.Literal(kind)),
      {
        description:
          "a booking's: 'booking', 'status', 'message'; an alert: 'match' (a saved search's new " +
          "car), 'price_drop' (a saved car's lower price), 'saved_sold' (a saved car sold)",
      },
    ),
    productId: Type.Union([Type.String(), Type.Null()], {
      description: "an alert's car (it may since have been deleted); null for a booking's",
    }),
    savedSearchId: Type.Union([Type.String(), Type.Null()], {
      description: "a 'match' alert's saved search; null otherwise",
    }),
    text: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    read: Type.Boolean(),
  },
  { $id: 'Notification', title: 'Notification' },
);

const Notifications = Type.Object(
  {
    items: Type.Array(Type.Ref('Notification'), { description: 'the newest 50, newest first' }),
    unread: Type.Integer({ minimum: 0, description: 'how many are unread in all' }),
  },
  { $id: 'Notifications', title: 'Notifications' },
);

/** The caller's notifications, and marking them read. */
function notificationListRoutes(app: RoutesApp): void {
  app.get(
    '/notifications',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getNotifications',
        tags: ['notifications'],
        summary: "The caller's newest notifications and the unread count",
        security: ACCESS_TOKEN,
        response: { 200: Type.Ref('Notifications'), ...errors(401) },
      },
    },
    async (request) => {
      const userId = request.caller!.user?._id;
      return userId ? app.repos.notifications.of(userId) : { items: [], unread: 0 };
    },
  );

  app.post(
    '/notifications/read',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'markNotificationsRead',
        tags: ['notifications'],
        summary: "Marks the caller's notifications read: these ids, or all without ids",
        security: ACCESS_TOKEN,
        body: Type.Object(
          { ids: Type.Optional(Type.Array(Id, { maxItems: 100 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ modifiedCount: Type.Integer(), unread: Type.Integer() }),
          ...errors(400, 401, 415),
        },
      },
    },
    async (request) => {
      const userId = request.caller!.user?._id;
      if (!userId) return { modifiedCount: 0, unread: 0 };
      const modifiedCount = await app.repos.notifications.markRead(userId, request.body.ids);
      const { unread } = await app.repos.notifications.of(userId, 0);
      return { modifiedCount, unread };
    },
  );
}

/** The caller's live stream of events, until its token expires or the account goes. */
function eventsRoute(app: RoutesApp): void {
  app.get(
    '/events',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getEvents',
        tags: ['notifications'],
        summary: "The caller's live events (Server-Sent Events)",
        description:
          'A `text/event-stream`: `event: unread` with `{unread}` at once and after every change, ' +
          '`event: notification` with `{orderId, kind, unread, productId, savedSearchId}` for ' +
          'each new booking, state change, message or alert (an alert: `orderId` null; a ' +
          "booking's: `productId` and `savedSearchId` null), and a comment line every " +
          `${HEARTBEAT_MS / 1000} s. Read it with ` +
          '`fetch` and the `authorization` header (the access token never goes in a URL). ' +
          'Reconnect with backoff and refetch: nothing is replayed. The server ends a stream ' +
          "with `event: end` and `{reason}`: 'expired' when its access token expires, " +
          "'deleted' when the account is deleted, 'suspended' when an admin suspends it and " +
          "'signed-out' when the account signs out everywhere (on every replica; a suspended " +
          "account's new streams answer 403), 'replaced' when the " +
          'account opens a 6th stream on the same server process (at most 5 each; the oldest ' +
          "goes), and 'restarting' when the server process shuts down (reconnect: the load " +
          'balancer sends the new stream to another replica). A sign-in account without its user record (before `PUT /users`) gets 409; an ' +
          'address holding as many streams as one process keeps for it (RATE_LIMIT_STREAMS_PER_' +
          'ADDRESS, default 20) gets 429.',
        security: ACCESS_TOKEN,
        // Not generated into the RTK Query slices: the web app reads it as a stream.
        hide: true,
      },
      // A HEAD would open a stream that sends nothing.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const caller = request.caller!;
      // Events are for an account's record, by id: a sign-in account without one has nothing to
      // hear (and costs nothing to make: one address could hold any number of streams).
      const userId = caller.user?._id;
      if (!userId) throw httpError(409, STREAM_NEEDS_RECORD);
      // Checked here and counted by `add` below with nothing awaited between: two requests
      // cannot both take an address's last place.
      const address = clientNetwork(request.ip);
      const admitted = app.events.streams.admits(address);
      if (!admitted.ok) throw httpError(429, tooManyStreams(admitted.max));
      const unreadCount = async () => (await app.repos.notifications.of(userId, 0)).unread;
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Nginx and friends: do not buffer the stream.
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      out.write('retry: 3000\n\n');
      const unsubscribe = app.events.subscribe(userId, (event) => {
        void unreadCount()
          .then((unread) =>
            send('notification', {
              orderId: event.orderId ?? null,
              kind: event.kind,
              unread,
              productId: event.productId ?? null,
              savedSearchId: event.savedSearchId ?? null,
            }),
          )
          .catch((error: unknown) => request.log.warn({ err: error }, 'event not sent'));
      });
      const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), HEARTBEAT_MS);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        unwatch();
        release();
        app.openStreams.delete(out);
      };
      /** Ends the stream from this side, saying why (the client reconnects with a fresh token). */
      const close = (reason: StreamEnd) => {
        send('end', { reason });
        out.end();
        end();
      };
      // The stream lasts as long as its token (a timer's longest wait is about 24.8 days).
      const expiry = setTimeout(
        () => close('expired'),
        Math.min(Math.max(0, caller.expiresAt - Date.now()), 2 ** 31 - 1),
      );
      const unwatch = app.events.onAccountDeleted({ userId, uid: caller.uid }, (why) => close(why));
      const release = app.events.streams.add(caller.uid, address, () => close('replaced'));
      app.openStreams.add(out);
      request.raw.on('close', end);
      out.on('close', end);
      send('unread', { unread: await unreadCount() });
    },
  );
}

/**
 * Notifications (one per new booking, state change and message, for the party who did not cause
 * it; and the alerts of saved searches and saved cars) and the live stream of them.
 */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Notification);
  app.addSchema(Notifications);

  notificationListRoutes(app);
  eventsRoute(app);
};

export default notificationRoutes;
