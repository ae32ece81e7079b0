/**
 * Renders a public page to HTML at build time (scripts/prerender.ts), so its first paint needs no
 * JavaScript: the markup of the page and the critical CSS emotion extracts from it. The browser
 * then hydrates that markup (src/main.tsx). Data-driven parts render their spinner in the space
 * they keep for the data, exactly as the browser's first render does.
 */
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createEmotionCache } from './app/createEmotionCache';
import { routerContext, routes } from './app/routes';
import { makeStore, type AppStore } from './app/store';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The page's `<title>`, taken out of the markup for the document head. */
  title: string | null;
  /** `<style data-emotion>` tags with the CSS the markup uses. */
  styles: string;
}

const TITLE = /<title>([^<]*)<\/title>/;

/**
 * Renders `path` (its query string included) with `store`: a fresh one at build time; the server
 * passes one holding the page's data (src/renderSearchPage.tsx), which then renders in place of
 * the spinner, and the route table with that page's screen in place.
 */
export async function prerenderPage(
  path: string,
  store: AppStore = makeStore(),
  table: RouteObject[] = routes,
): Promise<PrerenderedPage> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')), {
    requestContext: routerContext(store),
  });
  if (context instanceof Response) throw new Error(`${path} answered a redirect at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createEmotionCache();
  const emotion = createEmotionServer(cache);

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders store={store} emotionCache={cache}>
        {/* No hydration data script: the public pages have no loaders, and the CSP allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // The page is sent whole: React would otherwise write a large <Suspense> boundary (the search
    // page's filters) after the rest, with an inline script to move it into place, which the CSP
    // refuses (the boundary would then be drawn again in the browser).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);

  // React writes the page's <title> first; the document head is where it belongs.
  const title = TITLE.exec(markup);
  const html = title ? markup.replace(title[0], '') : markup;
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, title: title ? title[1] : null, styles };
}
