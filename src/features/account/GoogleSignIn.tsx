import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { usesTestGoogleAccounts } from '../../lib/auth/firebase';
import { useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { useHydrated } from '../../lib/useHydrated';
import { signInErrorMessage } from './authErrors';
import { signInWithGoogle } from './accountThunks';

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

const presets = [
  { name: 'Gina Google', email: 'gina.google@example.com' },
  { name: 'Gus Google', email: 'gus.google@example.com' },
];

/**
 * 'continue with goole' (spec strings). In production it opens Google's popup; against the
 * local emulator, which cannot reach Google, a dialog picks a test Google account instead.
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const dispatch = useSessionDispatch();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [account, setAccount] = useState(presets[0]);

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

  const submitTestAccount = (event: FormEvent) => {
    event.preventDefault();
    void run({ name: account.name.trim(), email: account.email.trim() });
  };

  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        size="large"
        startIcon={<GoogleMark />}
        disabled={busy || !hydrated}
        onClick={() => (usesTestGoogleAccounts ? setDialogOpen(true) : void run())}
      >
        {busy ? 'Loading...' : 'continue with goole'}
      </Button>
      {usesTestGoogleAccounts && (
        <Dialog
          open={dialogOpen}
          onClose={() => !busy && setDialogOpen(false)}
          aria-labelledby="google-test-title"
        >
          <form onSubmit={submitTestAccount}>
            <DialogTitle id="google-test-title">Choose a test Google account</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                This local demo signs in to the sign-in emulator, which cannot reach Google. Pick or
                type a test Google account.
              </DialogContentText>
              <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                {presets.map((preset) => (
                  <Button
                    key={preset.email}
                    size="small"
                    variant="outlined"
                    onClick={() => setAccount(preset)}
                  >
                    {preset.name}
                  </Button>
                ))}
              </Stack>
              <Stack spacing={2}>
                <TextField
                  label="Name"
                  value={account.name}
                  required
                  onChange={(e) => setAccount({ ...account, name: e.target.value })}
                />
                <TextField
                  label="Google email"
                  type="email"
                  value={account.email}
                  required
                  onChange={(e) => setAccount({ ...account, email: e.target.value })}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialogOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" color="secondary" disabled={busy}>
                {busy ? 'Loading...' : 'Continue'}
              </Button>
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
}
