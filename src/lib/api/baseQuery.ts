import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { env } from '../../config/env';
import {
  accountSuspended,
  isSuspension,
  sessionExpired,
  type AuthRootState,
} from '../auth/authSlice';
import { firebaseAuthService } from '../auth/firebase';
import { readAccessToken, storeAccessToken } from './accessToken';
import { idempotencyKeyOf, retryWhileBusy } from './busyRetry';

export { ACCESS_TOKEN_KEY, readAccessToken } from './accessToken';

/** 3 retries, backoff from 1000 ms doubling up to 30000 ms. */
export const MAX_RETRIES = 3;
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30000);
}

/** Calls that prove who the caller is with the provider's ID token rather than our token. */
const ID_TOKEN_ENDPOINTS = new Set(['getAccessToken', 'upsertUser']);

/**
 * A call's query string as the contract reads it: a list repeats its key (`?category=BMW&
 * category=Tesla`; URLSearchParams alone would send `BMW,Tesla`), what is undefined is left out.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) query.append(key, String(item));
    }
  }
  return query.toString();
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.apiOrigin,
  paramsSerializer: serializeParams,
  async prepareHeaders(headers, { endpoint }) {
    if (headers.has('authorization')) return headers;
    if (ID_TOKEN_ENDPOINTS.has(endpoint)) {
      const idToken = await firebaseAuthService.getIdToken().catch(() => null);
      if (idToken) headers.set('authorization', `Bearer ${idToken}`);
      return headers;
    }
    const token = readAccessToken();
    if (token) headers.set('authorization', `bearer ${token}`);
    return headers;
  },
});

/** A 4xx will answer the same again; only a network failure or a 5xx is worth a retry. */
export function isRetryable(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

let renewing: Promise<boolean> | null = null;

/** Asks /jwt for a fresh access token with the provider's ID token; one renewal at a time. */
async function renewAccessToken(email: string): Promise<boolean> {
  renewing ??= (async () => {
    try {
      const idToken = await firebaseAuthService.getIdToken(true);
      if (!idToken) return false;
      const url = `${env.apiOrigin}/api/jwt?email=${encodeURIComponent(email)}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${idToken}` } });
      if (!response.ok) return false;
      const body = (await response.json()) as { accessToken?: string };
      if (!body.accessToken) return false;
      storeAccessToken(body.accessToken);
      return true;
    } catch {
      return false;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/**
 * A 401 renews the access token once and replays the call; a second 401 ends the session, and
 * so does a 403 'Account suspended'.
 */
const authenticatedBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  // An admin suspended the account: the session is over (sessionEffects says why).
  if (isSuspension(result.error)) api.dispatch(accountSuspended());
  if (result.error?.status !== 401 || ID_TOKEN_ENDPOINTS.has(api.endpoint)) return result;
  const email = (api.getState() as AuthRootState).auth?.user?.email;
  if (!email) return result; // nobody is signed in: nothing to renew
  if (!(await renewAccessToken(email))) {
    api.dispatch(sessionExpired());
    return result;
  }
  const replay = await rawBaseQuery(args, api, extraOptions);
  if (replay.error?.status === 401) api.dispatch(sessionExpired());
  return replay;
};

/**
 * A write sent with an `Idempotency-Key` is sent again while the marketplace is busy (busyRetry.ts):
 * the server answers a repeat of its key with the first answer, so it is made once.
 */
const keyedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) =>
  api.type === 'mutation' && idempotencyKeyOf(args) !== null
    ? retryWhileBusy(async () => authenticatedBaseQuery(args, api, extraOptions))
    : authenticatedBaseQuery(args, api, extraOptions);

/**
 * Queries retry (MAX_RETRIES times); mutations do not here (a retried order without a key would
 * be a duplicate): those sent with an `Idempotency-Key` are tried again by keyedBaseQuery.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = retry(
  keyedBaseQuery,
  {
    // `attempt` counts failures so far: 1 before the first retry.
    retryCondition: (error, _args, { attempt, baseQueryApi }) =>
      baseQueryApi.type === 'query' &&
      attempt <= MAX_RETRIES &&
      isRetryable(error as FetchBaseQueryError),
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelay(attempt))),
  },
);
