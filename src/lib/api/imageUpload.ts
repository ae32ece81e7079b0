/**
 * Uploading one image to the image host (imgbb's API) with XMLHttpRequest, which reports the
 * upload's progress (fetch does not). Loaded on the first upload (imageHost.ts).
 */
import { env } from '../../config/env';
import { firebaseAuthService } from '../auth/firebase';
import { readAccessToken } from './accessToken';
import type { PhotoCopy } from './generated/cardealerApi';

/** What the imgbb-compatible host answers about a stored image. */
export interface UploadedImage {
  displayUrl: string;
  /**
   * The resized copies the answer lists (`thumb`, `medium`) with their true widths, as the API's
   * answers list them beside a stored photo (`carPhotoCopies`); a host that gives no widths
   * (imgbb) lists none.
   */
  copies: PhotoCopy[];
}

export interface UploadImageArg {
  image: File;
  /** Called with the fraction sent so far (0…1). */
  onProgress?: (fraction: number) => void;
}

export interface UploadError {
  status: number | 'FETCH_ERROR';
  message: string;
}

/** A copy as the answer describes it, if it says where it is and how large. */
function copyOf(described: unknown): PhotoCopy[] {
  const { url, width, height } = (described ?? {}) as Partial<Record<keyof PhotoCopy, unknown>>;
  return typeof url === 'string' && typeof width === 'number' && typeof height === 'number'
    ? [{ url, width, height }]
    : [];
}

/** Seconds left before a token's `exp`; 0 when it has none or cannot be read. */
function secondsLeft(token: string): number {
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * Who uploads, for this API's own image host: our access token while it has a minute left, else
 * the sign-in provider's ID token (registration uploads its photo before the account has a
 * record, so before any access token). Null when nobody is signed in (the host answers 401).
 */
async function uploaderToken(): Promise<string | null> {
  const accessToken = readAccessToken();
  if (accessToken && secondsLeft(accessToken) > 60) return accessToken;
  return firebaseAuthService.getIdToken().catch(() => null);
}

export async function upload(
  { image, onProgress }: UploadImageArg,
  signal: AbortSignal,
): Promise<UploadedImage> {
  // Our token goes to our own host only (a path on the API's origin), never to an outside one.
  const ownHost = env.imageHostUrl.startsWith('/');
  const token = ownHost ? await uploaderToken() : null;
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('image', image);
    const xhr = new XMLHttpRequest();
    const url = `${env.imageHostUrl}?key=${encodeURIComponent(env.imageHostKey)}`;
    xhr.open('POST', ownHost ? `${env.apiOrigin}${url}` : url);
    if (token) xhr.setRequestHeader('authorization', `bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as {
        success?: boolean;
        data?: { display_url?: string; thumb?: unknown; medium?: unknown };
        message?: string;
        error?: { message?: string };
      } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.data?.display_url) {
        onProgress?.(1);
        resolve({
          displayUrl: body.data.display_url,
          copies: [...copyOf(body.data.thumb), ...copyOf(body.data.medium)].sort(
            (a, b) => a.width - b.width,
          ),
        });
      } else {
        reject({
          status: xhr.status,
          message: body?.message ?? body?.error?.message ?? `The image host answered ${xhr.status}`,
        } satisfies UploadError);
      }
    };
    xhr.onerror = () =>
      reject({ status: 'FETCH_ERROR', message: 'The image host could not be reached' });
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
