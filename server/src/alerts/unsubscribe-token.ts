/**
 * The one-click unsubscribe links of alert e-mails: a token naming what it stops,
 * signed with HMAC-SHA256 under the secret every replica shares (`sharedSecret(db,
 * 'unsubscribe')`), so it works without signing in and cannot be made up or altered. It does not
 * expire: a mail's link keeps working (what it stops can only be turned off, never on).
 *
 * A token is `<payload>.<signature>`, both base64url; the payload is JSON: ['search', id],
 * ['car', userId, productId] or ['digest', userId].
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { appSecrets } from '../platform/db/schema';
import { sharedSecret } from '../platform/db/secrets';

/** What an unsubscribe link stops. */
export type UnsubscribeTarget =
  /** A saved search's e-mails (its notify becomes 'never'). */
  | { kind: 'search'; searchId: string }
  /** One saved car's price-drop and sold alerts of one account. */
  | { kind: 'car'; userId: string; productId: string }
  /** An account's daily digest. */
  | { kind: 'digest'; userId: string };

/** The name the signing secret is kept under in `app_secrets`. */
export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe';

/** The 400 of a token that is not one of ours, altered or cut. */
export const INVALID_TOKEN = 'token: this unsubscribe link is not valid';

/** A token is at most this long (longer: not one of ours). */
export const TOKEN_MAX = 400;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function payloadOf(target: UnsubscribeTarget): unknown[] {
  switch (target.kind) {
    case 'search':
      return ['search', target.searchId];
    case 'car':
      return ['car', target.userId, target.productId];
    case 'digest':
      return ['digest', target.userId];
  }
}

function targetOf(payload: unknown): UnsubscribeTarget | null {
  if (!Array.isArray(payload) || !payload.every((part) => typeof part === 'string')) return null;
  const [kind, ...ids] = payload as string[];
  if (!ids.every((id) => ID.test(id))) return null;
  if (kind === 'search' && ids.length === 1) return { kind, searchId: ids[0]! };
  if (kind === 'car' && ids.length === 2) return { kind, userId: ids[0]!, productId: ids[1]! };
  if (kind === 'digest' && ids.length === 1) return { kind, userId: ids[0]! };
  return null;
}

/** Signs and reads unsubscribe tokens with one secret. */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`unsubscribe:${payload}`).digest();
  }

  sign(target: UnsubscribeTarget): string {
    const payload = Buffer.from(JSON.stringify(payloadOf(target))).toString('base64url');
    return `${payload}.${this.signature(payload).toString('base64url')}`;
  }

  /** What a token stops, or null when it is not a valid one (forged, altered, cut). */
  verify(token: string): UnsubscribeTarget | null {
    if (token.length > TOKEN_MAX) return null;
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, payload, signature] = match;
    const given = Buffer.from(signature!, 'base64url');
    // The canonical encoding only: another spelling of the same bytes is an altered token.
    if (given.toString('base64url') !== signature) return null;
    if (!timingSafeEqual(given, this.signature(payload!))) return null;
    try {
      return targetOf(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')));
    } catch {
      return null;
    }
  }
}

/** The tokens of this database's shared secret (read once per database handle). */
const signers = new WeakMap<Db, Promise<UnsubscribeTokens>>();

export function unsubscribeTokens(db: Db): Promise<UnsubscribeTokens> {
  let signer = signers.get(db);
  if (!signer) {
    signer = sharedSecret(db, UNSUBSCRIBE_SECRET_NAME).then(
      (secret) => new UnsubscribeTokens(secret),
    );
    // A failed read is tried again next time.
    signer.catch(() => signers.delete(db));
    signers.set(db, signer);
  }
  return signer;
}

/**
 * The tokens to check links with: null while no mail has made the secret (then no link can be
 * valid). Reading never writes: a refused link changes nothing, not even `app_secrets`.
 */
export async function existingUnsubscribeTokens(db: Db): Promise<UnsubscribeTokens | null> {
  const signer = signers.get(db);
  if (signer) return signer;
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, UNSUBSCRIBE_SECRET_NAME));
  if (!row) return null;
  const found = new UnsubscribeTokens(row.value);
  signers.set(db, Promise.resolve(found));
  return found;
}

/** The page a person opens from a mail (it asks before it stops anything). */
export const unsubscribePageUrl = (origin: string, token: string) =>
  `${origin}/unsubscribe?token=${token}`;

/** The one-click address of `List-Unsubscribe` (RFC 8058: a POST stops at once). */
export const oneClickUrl = (origin: string, token: string) =>
  `${origin}/api/unsubscribe?token=${token}`;

/** The RFC 8058 headers of a mail whose unsubscribe is `token`. */
export function unsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl(origin, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
