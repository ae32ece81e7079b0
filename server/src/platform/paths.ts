/**
 * Where the server's parts live: in its URL space (one place for the app and its hooks), and on
 * disk.
 */
import { resolve } from 'node:path';

/** Where the repository's root is, whatever the working directory. */
export const repoRoot = resolve(__dirname, '..', '..', '..');

/** Every API call. */
export const API_PREFIX = '/api';
/** Swagger UI and the contract, under the API. */
export const DOCS_PREFIX = `${API_PREFIX}/docs`;
