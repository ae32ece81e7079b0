import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

/**
 * The one API slice. Its endpoints are generated from the server's contract into
 * `generated/`; tags are added in `index.ts`. Unused data is kept 5 minutes.
 */
export const emptyApi = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
