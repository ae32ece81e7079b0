/**
 * The Authorization header of a case: a genuine access or ID token (of the route's usual caller
 * most of the time), none, junk, a forged, expired, unsigned or tampered token, or Basic.
 */
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import type { FuzzFixture } from './fixture';
import { headerValue } from './hostile-values';
import type { FuzzTarget } from './targets';

/** A JWT signed with another secret, or unsigned (`alg: none`), for the admin's email. */
function forgedToken(email: string, how: 'other-secret' | 'none' | 'expired'): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const exp = how === 'expired' ? now - 60 : now + 3600;
  const payload = b64({ email, uid: 'forged-uid', iat: now, exp });
  if (how === 'none') return `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const signature = createHmac('sha256', 'not-the-secret-not-the-secret-not-the-secret')
    .update(`${head}.${payload}`)
    .digest('base64url');
  return `${head}.${payload}.${signature}`;
}

/** `kind`: the token is genuine (an access token or a Firebase ID token); else forged or junk. */
type Auth = { header?: string; kind?: 'accessToken' | 'idToken'; label: string };

export function authArbitrary(fixture: FuzzFixture, target: FuzzTarget): fc.Arbitrary<Auth> {
  const { buyer, seller, admin } = fixture.users;
  const caller =
    fixture.callers[`${target.method === 'HEAD' ? 'GET' : target.method} ${target.url}`];
  const callers = caller
    ? [fixture.users[caller], fixture.users[caller], buyer, seller, admin]
    : [buyer, seller, admin];
  const valid = callers.map((user) =>
    fc.constantFrom(
      { header: `bearer ${user.accessToken}`, kind: 'accessToken', label: 'access token' },
      { header: `Bearer ${user.accessToken}`, kind: 'accessToken', label: 'access token' },
      { header: `Bearer ${user.idToken}`, kind: 'idToken', label: 'ID token' },
    ),
  );
  return fc.oneof(
    { weight: 12, arbitrary: fc.oneof(...valid) },
    { weight: 1, arbitrary: fc.constant<Auth>({ label: 'no token' }) },
    {
      weight: 1,
      arbitrary: headerValue.map((header) => ({ header, label: 'garbage' })),
    },
    {
      weight: 1,
      arbitrary: headerValue.map((t) => ({
        header: `Bearer ${t}`,
        label: 'garbage bearer',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('other-secret', 'none', 'expired').map((how) => ({
        header: `bearer ${forgedToken(admin.email, how as 'none')}`,
        label: `forged (${how})`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {
          header: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
          label: 'basic',
        },
        { header: `bearer ${buyer.accessToken}x`, label: 'tampered token' },
        {
          header: `bearer ${buyer.accessToken} ${buyer.accessToken}`,
          label: 'two tokens',
        },
      ),
    },
  );
}
