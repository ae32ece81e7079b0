import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../db/schema';
import { ACCESS_TOKEN, errors, Id } from './schemas';

/** How often a stream says it is alive (proxies close connections idle for a minute). */
export const HEARTBEAT_MS = 25_000;

const Notification = Type.Object(
  {
    _id: Type.String(),
    orderId: Type.String({ description: 'the booking it is about' }),
    kind: Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind))),
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

/**
 * Notifications (one per new booking, state change and message, for the party who did not cause
 * it) and the live stream of them.
 */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Notification);
  app.addSchema(Notifications);

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
      return userId ? app.repos.orders.notificationsOf(userId) : { items: [], unread: 0 };
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
      const modifiedCount = await app.repos.orders.markRead(userId, request.body.ids);
      const { unread } = await app.repos.orders.notificationsOf(userId, 0);
      return { modifiedCount, unread };
    },
  );

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
          '`event: notification` with `{orderId, kind, unread}` for each new booking, state ' +
          `change or message, and a comment line every ${HEARTBEAT_MS / 1000} s. Read it with ` +
          '`fetch` and the `authorization` header (the access token never goes in a URL). ' +
          'Reconnect with backoff and refetch: nothing is replayed.',
        security: ACCESS_TOKEN,
        // Not generated into the RTK Query slices: the web app reads it as a stream.
        hide: true,
      },
      // A HEAD would open a stream that sends nothing.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { email, user } = request.caller!;
      const unreadCount = async () =>
        user ? (await app.repos.orders.notificationsOf(user._id, 0)).unread : 0;
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
      const unsubscribe = app.events.subscribe(email, (event) => {
        void unreadCount()
          .then((unread) =>
            send('notification', { orderId: event.orderId, kind: event.kind, unread }),
          )
          .catch((error: unknown) => request.log.warn({ err: error }, 'event not sent'));
      });
      const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        app.openStreams.delete(out);
      };
      app.openStreams.add(out);
      request.raw.on('close', end);
      out.on('close', end);
      send('unread', { unread: await unreadCount() });
    },
  );
};

export default notificationRoutes;
