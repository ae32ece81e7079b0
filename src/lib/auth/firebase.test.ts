import { mockDynamicImport } from '../../testing/mockImport';
import { fakeProvider } from '../../testing/firebaseAuth';
import { server } from '../../testing/server';
import { firebaseAuthService } from './firebase';

/** The sign-in code's download fails once (offline, or a deploy removed the old file). */
let failNextDownload = false;
mockDynamicImport('firebase/auth', async () => {
  if (failNextDownload) {
    failNextDownload = false;
    throw new Error('Loading chunk firebase failed.');
  }
  return jest.requireActual('firebase/auth');
});

// Both halves from the same (CommonJS) build, so the auth component registers with this app.
mockDynamicImport('firebase/app', async () => jest.requireActual('firebase/app'));

describe('the sign-in provider loader', () => {
  it('tries the download again after a failed one, instead of keeping the failure', async () => {
    const provider = fakeProvider([{ email: 'sam@example.com', password: 'secret1' }]);
    server.use(...provider.handlers);
    failNextDownload = true;
    await expect(firebaseAuthService.signIn('sam@example.com', 'secret1')).rejects.toThrow(
      'Loading chunk firebase failed.',
    );
    const user = await firebaseAuthService.signIn('sam@example.com', 'secret1');
    expect(user.email).toBe('sam@example.com');
    await firebaseAuthService.signOut();
  });
});
