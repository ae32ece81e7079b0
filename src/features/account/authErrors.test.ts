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
});
