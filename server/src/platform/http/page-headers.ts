import type { FastifyReply } from 'fastify';

/** The response headers of a paged list (exposed to other origins). */
export const TOTAL_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** A search's: whether X-Total-Count is exact (`true`) or an estimate (`false`). */
export const TOTAL_EXACT_HEADER = 'X-Total-Count-Exact';
/** A search's: the words of its `q` it left out, each URI-encoded, separated by spaces. */
export const IGNORED_WORDS_HEADER = 'X-Ignored-Words';

/** A page's paging headers; a search's page also says how exact its total is. */
export interface PageHeaders {
  total: number;
  nextCursor: string | null;
  totalExact?: boolean;
  ignoredWords?: string[];
}

/**
 * Sets the paging headers. A cross-origin request (one with an `Origin`: a web app served from
 * another origin than `API_ORIGIN`) is also told it may read them; a same-origin one needs no
 * such header.
 */
export function sendPageHeaders(reply: FastifyReply, page: PageHeaders): void {
  reply.header(TOTAL_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  const exposed = [TOTAL_HEADER, NEXT_CURSOR_HEADER];
  if (page.totalExact !== undefined) {
    reply.header(TOTAL_EXACT_HEADER, String(page.totalExact));
    exposed.push(TOTAL_EXACT_HEADER);
  }
  if (page.ignoredWords?.length) {
    reply.header(IGNORED_WORDS_HEADER, page.ignoredWords.map(encodeURIComponent).join(' '));
  }
  if (page.ignoredWords) exposed.push(IGNORED_WORDS_HEADER);
  if (reply.request.headers.origin !== undefined) {
    reply.header('access-control-expose-headers', exposed.join(', '));
  }
}
