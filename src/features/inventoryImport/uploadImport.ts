/**
 * Sending a stock file (and its photos) to start an import: a multipart POST by XMLHttpRequest,
 * which reports the upload's progress (fetch does not).
 */
import { env } from '../../config/env';
import { readAccessToken } from '../../lib/api/accessToken';
import type { Import, ImportMapping } from './importTypes';

export interface UploadImportArg {
  file: File;
  photos?: File | null;
  mapping?: ImportMapping;
  /** Called with the fraction sent so far (0…1). */
  onProgress?: (fraction: number) => void;
}

/** Why the upload did not start an import: the server's message, or a network failure. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number | 'FETCH_ERROR' | 'ABORTED',
    message: string,
  ) {
    super(message);
  }
}

const FALLBACK: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  409: 'One import at a time: finish or discard the import that is under way first.',
  413: 'The file is too big.',
  429: 'Too many imports started. Please wait a little and try again.',
};

/** The server's own words for a refusal, when its answer has them. */
function messageOf(xhr: XMLHttpRequest): string {
  const body = xhr.response as { message?: unknown } | null;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  return FALLBACK[xhr.status] ?? `The import could not start (the server answered ${xhr.status}).`;
}

/** POST /api/imports: answers the new import (its dry run starts on the server). */
export function uploadImport(
  { file, photos, mapping, onProgress }: UploadImportArg,
  signal?: AbortSignal,
): Promise<Import> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    if (photos) form.append('photos', photos);
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.apiOrigin}/api/imports`);
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('authorization', `bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.response) {
        onProgress?.(1);
        resolve(xhr.response as Import);
      } else {
        reject(new UploadRefused(xhr.status, messageOf(xhr)));
      }
    };
    xhr.onerror = () =>
      reject(
        new UploadRefused(
          'FETCH_ERROR',
          'The server could not be reached. Check your connection and try again.',
        ),
      );
    xhr.onabort = () => reject(new UploadRefused('ABORTED', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
