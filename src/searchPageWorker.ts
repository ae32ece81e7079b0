/**
 * The thread that renders the search page for the server (server/src/pages/search-pages.ts
 * starts it with tsx): React renders here, never on the thread that answers the API. The app's
 * API layer runs as in the browser; its `fetch` asks the server thread, which answers from its
 * own API (the same routes and answer cache as GET /api/products), never over the network.
 *
 * Messages in: `{ type: 'render', id, url }`, `{ type: 'answer', id, status, headers, body }`.
 * Out: `{ type: 'ready' }`, `{ type: 'fetch', id, path }`, `{ type: 'rendered', id, page }`,
 * `{ type: 'failed', id, message }`.
 */
import { parentPort } from 'node:worker_threads';
import { renderSearchPage } from './renderSearchPage';

/**
 * The origin the app's API layer calls here (the server starts the worker with it as
 * API_ORIGIN, and NODE_ENV=production: React, MUI and emotion as the production bundle has
 * them, so the browser finds emotion's class names in place). Only path and query reach the API.
 */
const ORIGIN = process.env.API_ORIGIN ?? '';

interface Answer {
  type: 'answer';
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}
type Incoming = { type: 'render'; id: number; url: string } | Answer;

function main() {
  const port = parentPort;
  if (!port) throw new Error('src/searchPageWorker.ts runs as a worker thread');
  if (process.env.NODE_ENV !== 'production' || !/^https?:\/\//.test(ORIGIN)) {
    throw new Error('the renderer needs NODE_ENV=production and an API_ORIGIN of its own');
  }
  let nextId = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== ORIGIN) throw new TypeError(`no network from the renderer: ${url.origin}`);
    const id = nextId++;
    const answer = await new Promise<Answer>((resolve) => {
      waiting.set(id, resolve);
      port.postMessage({ type: 'fetch', id, path: `${url.pathname}${url.search}` });
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };

  port.on('message', (message: Incoming) => {
    if (message.type === 'answer') {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
      return;
    }
    renderSearchPage(message.url).then(
      (page) => port.postMessage({ type: 'rendered', id: message.id, page }),
      (error: unknown) =>
        port.postMessage({ type: 'failed', id: message.id, message: String(error) }),
    );
  });
  port.postMessage({ type: 'ready' });
}

main();
