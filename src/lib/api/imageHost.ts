import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { upload as UploadFn, UploadedImage, UploadError, UploadImageArg } from './imageUpload';

export type { UploadedImage, UploadError, UploadImageArg } from './imageUpload';

/** The image types the host accepts (it checks the content too). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Makes a relative display URL absolute (the sign-in provider wants absolute photo URLs). */
export function absoluteUrl(url: string): string {
  if (typeof window === 'undefined') return url;
  return new URL(url, window.location.href).toString();
}

/**
 * The image host is not our contract: a small API of its own, uploading with XMLHttpRequest
 * because fetch reports no upload progress. A mutation is never retried.
 */
export const imageHostApi = createApi({
  reducerPath: 'imageHost',
  baseQuery: fakeBaseQuery<UploadError>(),
  endpoints: (build) => ({
    uploadImage: build.mutation<UploadedImage, UploadImageArg>({
      async queryFn(arg, { signal }) {
        // The upload's code loads with the first upload, not with every page's first script.
        let upload: typeof UploadFn;
        try {
          ({ upload } = await import('./imageUpload'));
        } catch {
          return { error: { status: 'FETCH_ERROR', message: 'The upload could not start' } };
        }
        try {
          return { data: await upload(arg, signal) };
        } catch (error) {
          return { error: error as UploadError };
        }
      },
    }),
  }),
});

export const { useUploadImageMutation } = imageHostApi;
