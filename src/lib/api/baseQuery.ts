import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { env } from '../../config/env';

export const ACCESS_TOKEN_KEY = 'accessToken';

/** The stored access token, if any (no browser storage during server rendering). */
export function readAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Spec §9: 3 retries, backoff from 1000 ms doubling up to 30000 ms. */
export const MAX_RETRIES = 3;
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 30000);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.apiOrigin,
  prepareHeaders(headers) {
    const token = readAccessToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `bearer ${token}`);
    return headers;
  },
});

/** A 4xx will answer the same again; only a network failure or a 5xx is worth a retry. */
export function isRetryable(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/**
 * Queries retry per spec §9; mutations never do (a retried order would be a duplicate).
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = retry(
  rawBaseQuery,
  {
    // `attempt` counts failures so far: 1 before the first retry.
    retryCondition: (error, _args, { attempt, baseQueryApi }) =>
      baseQueryApi.type === 'query' &&
      attempt <= MAX_RETRIES &&
      isRetryable(error as FetchBaseQueryError),
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelay(attempt))),
  },
);
