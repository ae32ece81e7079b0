import { delay, http, HttpResponse } from 'msw';

/**
 * The sign-in provider's REST API (the emulator's identitytoolkit endpoints), answered by MSW:
 * the network edge of the web tests. Accounts live in memory for one test.
 */
interface Account {
  localId: string;
  email: string;
  password: string;
  displayName?: string;
  photoUrl?: string;
  provider: 'password' | 'google.com';
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned ID token, as the emulator issues them. */
export function idTokenFor(account: Pick<Account, 'localId' | 'email' | 'provider'>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://securetoken.google.com/demo-cardealer',
    aud: 'demo-cardealer',
    auth_time: now,
    user_id: account.localId,
    sub: account.localId,
    iat: now,
    exp: now + 3600,
    email: account.email,
    email_verified: false,
    firebase: { identities: { email: [account.email] }, sign_in_provider: account.provider },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

const failure = (message: string) =>
  HttpResponse.json({ error: { code: 400, message, errors: [] } }, { status: 400 });

export interface FakeProvider {
  accounts: Map<string, Account>;
  handlers: ReturnType<typeof http.post>[];
  /** How many times each REST method was called. */
  calls: Record<string, number>;
}

export function fakeProvider(
  seed: Omit<Account, 'localId' | 'provider'>[] = [],
  { delayMs = 0 }: { delayMs?: number } = {},
): FakeProvider {
  const accounts = new Map<string, Account>();
  const calls: Record<string, number> = {};
  let next = 1;
  const add = (
    a: Omit<Account, 'localId' | 'provider'>,
    provider: Account['provider'] = 'password',
  ) => {
    const account = { ...a, localId: `uid-${next++}`, provider };
    accounts.set(account.localId, account);
    return account;
  };
  seed.forEach((a) => add(a));
  const byEmail = (email: string) => [...accounts.values()].find((a) => a.email === email);
  const byToken = (idToken: string) => {
    const payload = JSON.parse(
      Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string };
    return accounts.get(payload.sub);
  };
  const session = (account: Account) => ({
    kind: 'identitytoolkit#VerifyPasswordResponse',
    localId: account.localId,
    email: account.email,
    displayName: account.displayName ?? '',
    idToken: idTokenFor(account),
    refreshToken: `refresh-${account.localId}`,
    expiresIn: '3600',
    registered: true,
  });
  const userInfo = (account: Account) => ({
    localId: account.localId,
    email: account.email,
    displayName: account.displayName,
    photoUrl: account.photoUrl,
    emailVerified: false,
    providerUserInfo: [
      {
        providerId: account.provider,
        rawId: account.email,
        federatedId: account.email,
        email: account.email,
        displayName: account.displayName,
        photoUrl: account.photoUrl,
      },
    ],
    createdAt: '1700000000000',
    lastLoginAt: '1700000000000',
  });
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };
  type Body = Record<string, string | undefined>;
  const handlers = [
    http.post(/accounts:signInWithPassword/, async ({ request }) => {
      count('signInWithPassword');
      if (delayMs) await delay(delayMs);
      const body = (await request.json()) as Body;
      const account = byEmail(body.email ?? '');
      if (!account) return failure('EMAIL_NOT_FOUND');
      if (account.password !== body.password) return failure('INVALID_PASSWORD');
      return HttpResponse.json(session(account));
    }),
    http.post(/accounts:signUp/, async ({ request }) => {
      count('signUp');
      if (delayMs) await delay(delayMs);
      const body = (await request.json()) as Body;
      if (byEmail(body.email ?? '')) return failure('EMAIL_EXISTS');
      const account = add({ email: body.email ?? '', password: body.password ?? '' });
      return HttpResponse.json(session(account));
    }),
    http.post(/accounts:lookup/, async ({ request }) => {
      count('lookup');
      const body = (await request.json()) as Body;
      const account = byToken(body.idToken ?? '');
      if (!account) return failure('USER_NOT_FOUND');
      return HttpResponse.json({ users: [userInfo(account)] });
    }),
    http.post(/accounts:update/, async ({ request }) => {
      count('update');
      const body = (await request.json()) as Body;
      const account = byToken(body.idToken ?? '');
      if (!account) return failure('USER_NOT_FOUND');
      if (body.displayName !== undefined) account.displayName = body.displayName;
      if (body.photoUrl !== undefined) account.photoUrl = body.photoUrl;
      if (body.password !== undefined) account.password = body.password;
      // As the real API: a new ID token comes with its refresh token and lifetime.
      return HttpResponse.json({
        ...userInfo(account),
        idToken: idTokenFor(account),
        refreshToken: `refresh-${account.localId}`,
        expiresIn: '3600',
      });
    }),
    http.post(/accounts:delete/, async ({ request }) => {
      count('delete');
      const body = (await request.json()) as Body;
      const account = byToken(body.idToken ?? '');
      if (account) accounts.delete(account.localId);
      return HttpResponse.json({ kind: 'identitytoolkit#DeleteAccountResponse' });
    }),
    http.post(/securetoken\.googleapis\.com\/v1\/token/, async ({ request }) => {
      count('refresh');
      const form = new URLSearchParams(await request.text());
      const account = accounts.get((form.get('refresh_token') ?? '').replace(/^refresh-/, ''));
      if (!account) return failure('INVALID_REFRESH_TOKEN');
      return HttpResponse.json({
        access_token: idTokenFor(account),
        id_token: idTokenFor(account),
        expires_in: '3600',
        token_type: 'Bearer',
        refresh_token: `refresh-${account.localId}`,
        user_id: account.localId,
        project_id: 'demo-cardealer',
      });
    }),
  ];
  return { accounts, handlers, calls };
}
