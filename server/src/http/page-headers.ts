import type { FastifyReply } from 'fastify';

/** The response headers of a paged list (exposed to other origins). */
export const TOTAL_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Sets the paging headers. A cross-origin request (one with an `Origin`: a web app served from
 * another origin than `API_ORIGIN`) is also told it may read them; a same-origin one needs no
 * such header.
 */
export function sendPageHeaders(
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
): void {
  reply.header(TOTAL_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (reply.request.headers.origin !== undefined) {
    reply.header('access-control-expose-headers', `${TOTAL_HEADER}, ${NEXT_CURSOR_HEADER}`);
  }
}
