import createCache from '@emotion/cache';

/** The one emotion cache factory, for the browser and for server rendering alike. */
export function createEmotionCache() {
  return createCache({ key: 'css', prepend: true });
}
