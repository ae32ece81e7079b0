import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  onRequestHookHandler,
} from 'fastify';
import {
  hasLargeCopy,
  MIME_BY_EXT,
  STORED_NAME,
  VARIANT_NAME,
  VARIANT_WIDTHS,
  type ImageStore,
} from './image-files';
import {
  checkHeader,
  ImageRejected,
  MAX_IMAGE_BYTES,
  findOriginal,
  makeVariant,
  storeImage,
  uprightWidth,
  type StoredVariant,
} from './image-store';
import type { ImageWork } from './image-work';

import { rememberPhotoHash } from './photo-hashes';

export interface ImageHostOptions {
  /** The upload key (imgbb's `key`); it ships in the web client, so it is no secret. */
  key: string;
  /** Where uploaded files (originals and their copies) are kept and served from. */
  store: ImageStore;
  /** The line every decode waits in (the app's one, shared with the photo copies). */
  work: ImageWork;
}

export const IMAGE_HOST_PREFIX = '/image-host';

/** The URL of a stored file (an original or a copy): a path on this origin. */
export function imageUrl(file: string): string {
  return `${IMAGE_HOST_PREFIX}/i/${file}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An imgbb-style failure, plus the top-level `message` every other answer of ours has. */
function failure(status: number, message: string) {
  return {
    success: false,
    status,
    status_txt: STATUS_TEXT[status] ?? 'Error',
    message,
    error: { message, code: status },
  };
}

/** The answer to an upload, in imgbb's shape: the original's URL and size, and its copies'. */
function uploadAnswer(stored: Awaited<ReturnType<typeof storeImage>>) {
  const url = imageUrl(stored.file);
  // imgbb's shape for its resized copies: {filename, name, mime, extension, url}, plus size.
  const copy = (variant: StoredVariant) => ({
    filename: variant.file,
    name: variant.file.replace(/\.webp$/, ''),
    mime: 'image/webp',
    extension: 'webp',
    url: imageUrl(variant.file),
    width: variant.width,
    height: variant.height,
    size: variant.size,
  });
  return {
    data: {
      id: stored.id,
      title: stored.id,
      url,
      display_url: url,
      width: stored.width,
      height: stored.height,
      size: stored.size,
      mime: stored.mime,
      extension: stored.ext,
      time: Math.floor(Date.now() / 1000),
      expiration: 0,
      /** 640 px wide WebP (cards). */
      medium: copy(stored.variants.medium),
      /** 160 px wide WebP (tables, thumbnails). */
      thumb: copy(stored.variants.thumb),
      /** 1600 px wide WebP (full screen); only of an original wider than 640 px. */
      ...(stored.variants.large && { large: copy(stored.variants.large) }),
    },
    success: true,
    status: 200,
  };
}

/** `GET /i/<file>`: a stored file for a year, a missing copy of an older image made first. */
function serveImageRoute(app: FastifyInstance, options: ImageHostOptions): void {
  app.get<{ Params: { file: string } }>(
    '/i/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = request.params.file;
      const original = STORED_NAME.exec(file);
      const variant = original ? null : VARIANT_NAME.exec(file);
      if (!original && !variant) return reply.code(404).send(failure(404, 'No such image'));
      // The name is the content's hash (and the copy's width): it never changes.
      const etag = original ? `"${original[1]}"` : `"${variant![1]}-${variant![2]}"`;
      const revalidating = request.headers['if-none-match'] === etag;
      // A 304 needs to know only that the file is stored; a 200 needs its bytes.
      const lookup = () => (revalidating ? options.store.has(file) : options.store.get(file));
      let found = await lookup();
      if (variant && !found) {
        // An image stored before resized copies existed: its copy is made on first request.
        // The large copy exists only of an original wider than the card copy.
        const bytes = await findOriginal(options.store, variant[1]);
        const width = Number(variant[2]);
        const wanted =
          bytes &&
          (width !== VARIANT_WIDTHS.large ||
            hasLargeCopy(await uprightWidth(bytes).catch(() => 0)));
        if (wanted) {
          const { work } = options;
          await makeVariant(options.store, variant[1], bytes, width, {
            timeoutSeconds: work.limits.timeoutSeconds,
            work,
          });
          found = await lookup();
        }
      }
      if (!found) return reply.code(404).send(failure(404, 'No such image'));
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .type(original ? MIME_BY_EXT[original[2]] : 'image/webp');
      if (found === true) return reply.code(304).send();
      reply.header('content-length', found.bytes.length);
      return reply.send(found.bytes);
    },
  );
}

/**
 * An imgbb-compatible image host (not part of the generated contract): `POST /1/upload?key=`
 * with the multipart field `image`, by a signed-in caller (`authorization: bearer` the API's
 * access token or, during registration, before the account has a record, the sign-in
 * provider's ID token), answers `{success, data: {display_url, …}, status}`, and
 * `GET /i/<sha256>.<ext>` serves the stored file for a year (its name is its content).
 * `display_url` and `url` are paths on this origin, so they survive a change of host name.
 */
const imageHost: FastifyPluginAsync<ImageHostOptions> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error.statusCode ?? 500;
    let message = error.message;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      message = `image: the file is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      message = 'send the image as multipart/form-data with the field "image"';
    } else if (status > 500 && status < 600 && 'retryAfterSeconds' in error) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (status >= 500) {
      request.log.error({ err: error }, 'image host error');
      message = 'Something went wrong on our side';
    }
    return reply.code(status).send(failure(status, message));
  });

  const checkKey: onRequestHookHandler = async (request, reply) => {
    const key = (request.query as { key?: unknown }).key;
    if (typeof key !== 'string' || key === '') {
      return reply.code(400).send(failure(400, 'key: an API key is required'));
    }
    if (key !== options.key) {
      return reply.code(403).send(failure(403, 'key: the API key is not valid'));
    }
  };

  app.post(
    '/1/upload',
    {
      schema: { hide: true },
      // The key ships in the web app: only a signed-in account may have photos decoded (the
      // rate limit counts the account once it is known: http/rate-limits.ts).
      onRequest: [checkKey, app.authenticateAccessOrIdToken],
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply
          .code(415)
          .send(failure(415, 'send the image as multipart/form-data with the field "image"'));
      }
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'image') {
              part.file.resume();
              continue;
            }
            bytes = await part.toBuffer();
          }
        }
      } catch (error) {
        // Limits carry their status (413); the parser's own complaints (no boundary, a cut or
        // malformed body) are the sender's mistake, not ours.
        if ((error as { statusCode?: number }).statusCode) throw error;
        return reply
          .code(400)
          .send(failure(400, 'image: the multipart/form-data body is malformed'));
      }
      if (!bytes || bytes.length === 0) {
        return reply.code(400).send(failure(400, 'image: a file in the field "image" is required'));
      }
      const image = bytes;
      let stored;
      try {
        // A picture refused by its header is refused before it waits in the line.
        const header = await checkHeader(image, options.work.limits.maxPixels);
        stored = await options.work.run(async () => {
          const kept = await storeImage(options.store, image, header, options.work.limits);
          // Its perceptual hash, for the automatic 'same_photo' flag; the upload stands whatever
          // happens to the hash (a car's check makes a missing one).
          await rememberPhotoHash(app.db, kept.id, image).catch((error: unknown) =>
            request.log.warn({ err: error }, 'photo hash not kept'),
          );
          return kept;
        });
      } catch (error) {
        if (error instanceof ImageRejected) {
          return reply.code(error.statusCode).send(failure(error.statusCode, error.message));
        }
        throw error;
      }
      return uploadAnswer(stored);
    },
  );
  serveImageRoute(app, options);
};

export default imageHost;
