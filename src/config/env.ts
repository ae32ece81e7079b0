/**
 * The web app's configuration, fixed at build time (webpack's DefinePlugin replaces each
 * `process.env.X` below; Jest reads the real environment). Every value has a working local
 * default, so `npm start` needs no setup. See `.env.example`.
 */
function read(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' ? fallback : value;
}

const mode = read(process.env.APP_MODE, 'demo');
if (mode !== 'demo' && mode !== 'production') {
  throw new Error(`APP_MODE must be "demo" or "production" (got "${mode}")`);
}

export const env = {
  /** `demo` shows the demo-accounts box and talks to the local sign-in emulator. */
  mode: mode as 'demo' | 'production',
  /** Origin of the API (empty: the page's own origin); calls go to `${apiOrigin}/api/…`. */
  apiOrigin: read(process.env.API_ORIGIN, ''),
  /** The imgbb-compatible upload endpoint and its (public) key. */
  imageHostUrl: read(process.env.IMAGE_HOST_URL, '/image-host/1/upload'),
  imageHostKey: read(process.env.IMAGE_HOST_KEY, 'cardealer-demo-key'),
  firebase: {
    apiKey: read(process.env.FIREBASE_API_KEY, 'demo-api-key'),
    authDomain: read(process.env.FIREBASE_AUTH_DOMAIN, 'demo-cardealer.firebaseapp.com'),
    projectId: read(process.env.FIREBASE_PROJECT_ID, 'demo-cardealer'),
    appId: read(process.env.FIREBASE_APP_ID, ''),
  },
  /**
   * The Auth emulator (demo mode only; never in production). Empty means the page's own origin,
   * where the API server proxies the emulator's REST paths.
   */
  useAuthEmulator: mode === 'demo',
  authEmulatorUrl: mode === 'demo' ? read(process.env.AUTH_EMULATOR_URL, '') : '',
} as const;
