import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * Signing in again before what needs a recent sign-in (deleting the account, changing its
 * e-mail): the password, or Google. `toDo` ends 'sign in again to …'; `action` names the button.
 */
export function SignInAgain({
  google,
  busy,
  problem = null,
  toDo,
  action,
  onSignIn,
}: {
  google: boolean;
  busy: boolean;
  problem?: string | null;
  toDo: string;
  action: string;
  onSignIn: (password: string | null) => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      It has been a while since you signed in: sign in again to {toDo}.
      {problem && <Box sx={{ mt: 1, color: 'error.main' }}>{problem}</Box>}
      {google ? (
        <Button sx={{ mt: 1, display: 'block' }} disabled={busy} onClick={() => onSignIn(null)}>
          Sign in with Google again
        </Button>
      ) : (
        <Box sx={{ mt: 1 }}>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            size="small"
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button
            sx={{ mt: 1 }}
            disabled={busy || password === ''}
            onClick={() => onSignIn(password)}
          >
            {action}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
