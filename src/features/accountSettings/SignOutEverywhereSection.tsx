import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { useSignOutEverywhereMutation } from '../../lib/api/accountLeaving';
import { signOut, useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { SettingsSection } from './SettingsSection';

export const SIGNED_OUT_EVERYWHERE = 'You are signed out everywhere: sign in again';

/**
 * 'Sign out everywhere': ends every session of the account (a lost laptop's too) and this one,
 * then asks to sign in again.
 */
export function SignOutEverywhereSection() {
  const [signOutEverywhere, { isLoading, error }] = useSignOutEverywhereMutation();
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();

  const onClick = async () => {
    const result = await signOutEverywhere();
    if ('error' in result) return;
    await dispatch(signOut());
    notify.success(SIGNED_OUT_EVERYWHERE);
    void navigate(paths.login);
  };

  return (
    <SettingsSection title="Sign out everywhere">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Ends every session of your account on every device and browser, this one too: anyone still
        signed in somewhere (a lost laptop, a shared computer) must sign in again.
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      <Button variant="outlined" onClick={() => void onClick()} disabled={isLoading}>
        Sign out everywhere
      </Button>
    </SettingsSection>
  );
}
