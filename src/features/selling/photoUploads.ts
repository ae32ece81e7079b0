import { useCallback, useEffect, useReducer, useRef } from 'react';
import { addProductLimits } from '../../lib/api';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  useUploadImageMutation,
} from '../../lib/api/imageHost';

/** A car has 1 to 10 photos (the contract's limit), the first is its cover. */
export const MAX_PHOTOS = addProductLimits.body.photos.maxItems;

/** One photo of the form: a file being uploaded (or failed), or a photo already stored. */
export interface PhotoItem {
  key: string;
  /** The file chosen (null: a photo the car already has). */
  file: File | null;
  /** What the seller knows it by: the file's name, or 'Saved photo'. */
  name: string;
  /** What to show: a local preview of the file, or the stored photo. */
  preview: string;
  status: 'uploading' | 'done' | 'failed';
  /** The fraction sent (0…1) while uploading. */
  progress: number;
  /** The stored photo's URL once uploaded. */
  url: string | null;
  error: string | null;
}

let nextKey = 0;
const newKey = () => `photo-${(nextKey += 1)}`;

/** A local preview of a chosen file (none where the browser has no object URLs). */
function previewOf(file: File): string {
  try {
    return URL.createObjectURL(file);
  } catch {
    return '';
  }
}
function release(item: PhotoItem) {
  if (item.file && item.preview && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(item.preview);
  }
}

/** Why a file is not taken, or null. */
function refusal(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return `${file.name}: choose a JPEG, PNG, WebP or GIF image`;
  }
  if (file.size > MAX_IMAGE_BYTES) return `${file.name}: the photo must be 5 MB or smaller`;
  return null;
}

/**
 * The photos of Add product and Edit: each chosen file is uploaded at once (with its progress),
 * may fail and be retried, removed, or moved; the first is the cover. `settle()` waits for the
 * uploads under way, `stored()` gives the URLs of those that succeeded, in order.
 */
export function usePhotoUploads(initial: readonly string[] = []) {
  const [uploadImage] = useUploadImageMutation();
  // The list lives in a ref (read after awaiting uploads) and renders through a counter.
  const items = useRef<PhotoItem[]>(
    initial.map((url) => ({
      key: newKey(),
      file: null,
      name: 'Saved photo',
      preview: url,
      status: 'done' as const,
      progress: 1,
      url,
      error: null,
    })),
  );
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const pending = useRef(new Map<string, Promise<void>>());
  const mounted = useRef(true);

  const change = useCallback((next: (list: PhotoItem[]) => PhotoItem[]) => {
    items.current = next(items.current);
    if (mounted.current) rerender();
  }, []);
  const patch = useCallback(
    (key: string, values: Partial<PhotoItem>) =>
      change((list) => list.map((item) => (item.key === key ? { ...item, ...values } : item))),
    [change],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      items.current.forEach(release);
    };
  }, []);

  const upload = useCallback(
    (key: string, file: File) => {
      patch(key, { status: 'uploading', progress: 0, error: null });
      const done = (async () => {
        const result = await uploadImage({
          image: file,
          onProgress: (fraction) => patch(key, { progress: fraction }),
        });
        if ('error' in result) {
          const reason =
            result.error && 'message' in result.error ? result.error.message : 'unknown error';
          patch(key, { status: 'failed', error: reason });
        } else {
          patch(key, { status: 'done', progress: 1, url: result.data.displayUrl });
        }
      })();
      pending.current.set(key, done);
      void done.finally(() => pending.current.delete(key));
    },
    [patch, uploadImage],
  );

  /** Takes the chosen files (as many as there is room for); answers why any were left out. */
  const add = useCallback(
    (files: readonly File[]): string[] => {
      const problems: string[] = [];
      const taken: PhotoItem[] = [];
      for (const file of files) {
        const why = refusal(file);
        if (why) problems.push(why);
        else if (items.current.length + taken.length >= MAX_PHOTOS) {
          problems.push(`${file.name}: a car has at most ${MAX_PHOTOS} photos`);
        } else {
          taken.push({
            key: newKey(),
            file,
            name: file.name,
            preview: previewOf(file),
            status: 'uploading',
            progress: 0,
            url: null,
            error: null,
          });
        }
      }
      change((list) => [...list, ...taken]);
      taken.forEach((item) => upload(item.key, item.file as File));
      return problems;
    },
    [change, upload],
  );

  const retry = useCallback(
    (key: string) => {
      const item = items.current.find((photo) => photo.key === key);
      if (item?.file && item.status === 'failed') upload(key, item.file);
    },
    [upload],
  );

  const remove = useCallback(
    (key: string) =>
      change((list) => {
        const item = list.find((photo) => photo.key === key);
        if (item) release(item);
        return list.filter((photo) => photo.key !== key);
      }),
    [change],
  );

  /** Moves a photo to another place (0 is the cover). */
  const move = useCallback(
    (key: string, to: number) =>
      change((list) => {
        const from = list.findIndex((photo) => photo.key === key);
        if (from < 0 || to < 0 || to >= list.length || from === to) return list;
        const next = [...list];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item);
        return next;
      }),
    [change],
  );

  /** Waits for every upload under way (each ends uploaded or failed). */
  const settle = useCallback(async () => {
    while (pending.current.size > 0) await Promise.all([...pending.current.values()]);
  }, []);

  const stored = useCallback(
    () =>
      items.current.flatMap((photo) => (photo.status === 'done' && photo.url ? [photo.url] : [])),
    [],
  );

  return { items: items.current, add, retry, remove, move, settle, stored };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
