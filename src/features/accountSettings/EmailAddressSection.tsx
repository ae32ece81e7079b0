import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../lib/api';
import type { Me } from '../../lib/api/account';
import { needsRecentSignIn, useRequestEmailChangeMutation } from '../../lib/api/accountLeaving';
import { useSessionDispatch } from '../../lib/auth/session';
import { reauthenticate, signsInWithGoogle } from './reauthenticate';
import { SettingsSection } from './SettingsSection';
import { SignInAgain } from './SignInAgain';

export const EMAIL_ADDRESS = 'E-mail address';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sent'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'sign-in'; message: string | null };

/**
 * Changing the account's e-mail: the new address gets a link that makes the change, the current
 * one a notice with a link that undoes it. The server asks for a sign-in within the last 5
 * minutes: the person signs in again here, and the request is sent again.
 */
export function EmailAddressSection({ me }: { me: Me }) {
  const [requestChange, { isLoading }] = useRequestEmailChangeMutation();
  const providers = useAppSelector((state) => state.auth.user?.providerData ?? []);
  const dispatch = useSessionDispatch();
  const [email, setEmail] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const send = async () => {
    const result = await requestChange({ body: { email: email.trim() } });
    if (!('error' in result)) {
      setOutcome({ kind: 'sent', message: result.data.message });
      setEmail('');
    } else if (needsRecentSignIn(result.error)) {
      setOutcome({ kind: 'sign-in', message: null });
    } else {
      setOutcome({ kind: 'error', message: errorMessage(result.error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const signInThenSend = async (password: string | null) => {
    setSigningIn(true);
    const problem = await dispatch(reauthenticate(password));
    setSigningIn(false);
    if (problem) setOutcome({ kind: 'sign-in', message: problem });
    else await send();
  };

  const busy = isLoading || signingIn;
  return (
    <SettingsSection
      title={EMAIL_ADDRESS}
      description={`Your e-mail is ${me.email}. A new one takes effect once you open the link we mail to it.`}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          label="New e-mail"
          type="email"
          autoComplete="email"
          size="small"
          sx={{ flex: '1 1 16rem' }}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={busy || email.trim() === ''}>
          Change e-mail
        </Button>
      </Box>
      {outcome.kind === 'sent' && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {outcome.message}
        </Alert>
      )}
      {outcome.kind === 'error' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {outcome.message}
        </Alert>
      )}
      {outcome.kind === 'sign-in' && (
        <SignInAgain
          google={signsInWithGoogle(providers)}
          busy={busy}
          problem={outcome.message}
          toDo="change your e-mail"
          action="Sign in again and change"
          onSignIn={(password) => void signInThenSend(password)}
        />
      )}
    </SettingsSection>
  );
}
