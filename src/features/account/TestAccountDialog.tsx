import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

const presets = [
  { name: 'Gina Google', email: 'gina.google@example.com' },
  { name: 'Gus Google', email: 'gus.google@example.com' },
];

interface Props {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onChoose: (account: { name: string; email: string }) => void;
}

/**
 * Against the local sign-in emulator, which cannot reach Google, 'continue with goole' picks a
 * test Google account here (loaded on first use: production builds never need it).
 */
export default function TestAccountDialog({ open, busy, onClose, onChoose }: Props) {
  const [account, setAccount] = useState(presets[0]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ name: account.name.trim(), email: account.email.trim() });
  };
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby="google-test-title">
      <form onSubmit={submit}>
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
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="secondary" disabled={busy}>
            {busy ? 'Loading...' : 'Continue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
