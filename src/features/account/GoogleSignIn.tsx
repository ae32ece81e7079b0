import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { usesTestGoogleAccounts } from '../../lib/auth/firebase';
import { preloadAuthListener } from '../../lib/auth/authListener';
import { useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { useHydrated } from '../../lib/useHydrated';
import { signInErrorMessage } from './authErrors';
import { signInWithGoogle } from './accountThunks';

const TestAccountDialog = lazy(() => import('./TestAccountDialog'));

const GoogleMark = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
    <path
      fill="#EA4335"
      d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z"
    />
    <path
      fill="#FBBC05"
      d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-10l-7.8 6C6.6 42.6 14.6 48 24 48z"
    />
  </svg>
);

/**
 * 'continue with goole' (the original strings, kept as written). In production it opens Google's
 * popup; against the local emulator, which cannot reach Google, a dialog picks a test Google
 * account instead.
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const dispatch = useSessionDispatch();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  // The dialog's code (and its text fields) loads the first time it is opened.
  const [dialogWanted, setDialogWanted] = useState(false);

  const run = async (testAccount?: { email: string; name: string }) => {
    setBusy(true);
    try {
      await dispatch(signInWithGoogle(testAccount));
      setDialogOpen(false);
      onSignedIn();
    } catch (error) {
      const message = signInErrorMessage(error);
      if (message) notify.error(message);
      else console.error('Google sign-in failed', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        size="large"
        startIcon={<GoogleMark />}
        disabled={busy || !hydrated}
        onFocus={() => dispatch(preloadAuthListener())}
        onMouseEnter={() => dispatch(preloadAuthListener())}
        onClick={() => {
          if (!usesTestGoogleAccounts) return void run();
          setDialogWanted(true);
          setDialogOpen(true);
        }}
      >
        {busy ? 'Loading...' : 'continue with goole'}
      </Button>
      {usesTestGoogleAccounts && dialogWanted && (
        <Suspense fallback={null}>
          <TestAccountDialog
            open={dialogOpen}
            busy={busy}
            onClose={() => setDialogOpen(false)}
            onChoose={(account) => void run(account)}
          />
        </Suspense>
      )}
    </>
  );
}
