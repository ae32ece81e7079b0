/**
 * Security headers: helmet's, worked out once per kind of answer (the web app's pages, the API's
 * JSON, the API docs, the image host's files) and set on every answer, not-found ones included,
 * by the request's path. The Content-Security-Policy fits the web app.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, DOCS_PREFIX } from '../paths';

/** What the Content-Security-Policy must allow besides this origin. */
export interface CspOptions {
  /**
   * `production` signs in with hosted Firebase: its REST hosts, the Google API loader and the
   * auth domain's frame (Google sign-in popup). `demo` reaches the emulator on this origin.
   */
  mode: 'demo' | 'production';
  /** The Firebase auth domain (production), e.g. `my-project.firebaseapp.com`. */
  firebaseAuthDomain?: string;
  /** Further origins the web app calls (an API or image host on another origin). */
  connectSrc?: string[];
}

export const FIREBASE_CONNECT_SRC = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

/** The directives of the web app's Content-Security-Policy. */
export function cspDirectives(options: CspOptions): Record<string, string[]> {
  const production = options.mode === 'production';
  const authDomain = options.firebaseAuthDomain
    ? [`https://${options.firebaseAuthDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`]
    : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // No inline script, no eval. Hosted Firebase's popup sign-in loads Google's API loader.
    'script-src': ["'self'", ...(production ? ['https://apis.google.com'] : [])],
    'script-src-attr': ["'none'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Photos may be any https URL (imgbb, a Google profile photo); previews are blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(production ? FIREBASE_CONNECT_SRC : []),
      ...(options.connectSrc ?? []),
    ],
    'frame-src': production && authDomain.length ? authDomain : ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  // Behind TLS in production; `npm start` is plain http on any address of the machine.
  if (production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Swagger UI (its routes only): inline styles and the validator badge's image. */
export const DOCS_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'", 'https:'],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'https:', 'data:'],
  'connect-src': ["'self'"],
};

export const IMAGE_FILES_PREFIX = '/image-host/i/';

/** Which set of security headers an answer carries. */
type SecurityHeaders = 'app' | 'api' | 'docs' | 'images';

/** The set of security headers for a request's URL (its path, perhaps followed by a query). */
function securityHeadersFor(url: string): SecurityHeaders {
  if (url.startsWith(DOCS_PREFIX) && ['', '/', '?'].includes(url.charAt(DOCS_PREFIX.length))) {
    return 'docs';
  }
  if (url.startsWith(IMAGE_FILES_PREFIX)) return 'images';
  if (url.startsWith(`${API_PREFIX}/`)) return 'api';
  return 'app';
}

/**
 * The API's JSON answers are never shown as a page: they get the headers that still matter for a
 * response that is not a document (OWASP's REST Security Cheat Sheet): a policy that allows
 * nothing, no framing, no MIME sniffing, no reads from other origins' pages, HTTPS only.
 * Helmet's document headers (opener policy, referrer policy, DNS prefetch, origin-agent
 * cluster, IE's download and XSS options) do nothing for JSON and cost every answer about
 * 0.8 KB, which the caller must read and parse too.
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets for these options, worked out once. Helmet's middleware derives the
 * same strings again for every answer (and @fastify/helmet builds a new helmet per request for
 * a route with its own settings): about a fifth of a cached catalogue read's CPU time.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return headers;
}

export interface SecurityHeadersOptions {
  csp: CspOptions;
}

/** Sets the security headers on every answer. */
const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.csp) },
    // Firebase's Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const headerSets: Record<SecurityHeaders, Record<string, string>> = {
    app: helmetHeaders(helmetOptions),
    api: helmetHeaders(API_HELMET_OPTIONS),
    docs: helmetHeaders({
      ...helmetOptions,
      contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP_DIRECTIVES },
    }),
    // Public pictures, like imgbb's: a web app on another origin may show them.
    images: helmetHeaders({
      ...helmetOptions,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  };
  // Placed by the path (a few prefix tests: cheaper than reading the route's options).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headerSets[securityHeadersFor(request.url)]);
    done();
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
