import { http, HttpResponse } from 'msw';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { server } from '../../testing/server';
import { signInErrorMessage } from './authErrors';

afterEach(() => firebaseAuthService.signOut());

describe('sign-in error messages', () => {
  it('tells a demo Google sign-in naming a password account to use the password', async () => {
    // The demo emulator proxy's refusal, in the Identity Toolkit's error shape.
    server.use(
      http.post(/accounts:signInWithIdp/, () =>
        HttpResponse.json(
          {
            error: {
              code: 400,
              message:
                'PASSWORD_ACCOUNT_EXISTS : This e-mail already has a password account: sign in with your password',
              errors: [],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error: unknown = await firebaseAuthService
      .signInWithGoogle({ email: 'sam@example.com', name: 'Sam' })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(signInErrorMessage(error)).toBe(
      'This e-mail already has a password account: sign in with your password',
    );
  });

  it('says so when the sign-in code could not be downloaded, so the user tries again', () => {
    const expected =
      'The sign-in code could not be downloaded. Check your connection and try again.';
    // webpack's error for a script that failed to load, and the browser's for a module import.
    const chunk = Object.assign(new Error('Loading chunk 312 failed.\n(error: /assets/x.js)'), {
      name: 'ChunkLoadError',
    });
    expect(signInErrorMessage(chunk)).toBe(expected);
    expect(
      signInErrorMessage(new TypeError('Failed to fetch dynamically imported module: /x.js')),
    ).toBe(expected);
  });

  it('keeps the provider messages, and only logs what it does not know', () => {
    expect(signInErrorMessage({ code: 'auth/wrong-password' })).toBe('Incorrect password');
    expect(signInErrorMessage(new Error('something else'))).toBeNull();
  });
});
