import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { errorMessage } from '../lib/api';
import {
  useGetEmailConfirmationQuery,
  useSendEmailConfirmationMutation,
} from '../lib/api/accountLinks';
import { selectTokenReady, selectUserEmail, type AuthRootState } from '../lib/auth/authSlice';
import { notify } from '../lib/notify/notify';

/** Whether the signed-in account's e-mail is confirmed; undefined until known. */
export function useEmailConfirmed(): boolean | undefined {
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const tokenReady = useSelector((state: AuthRootState) => selectTokenReady(state));
  const { data } = useGetEmailConfirmationQuery(email && tokenReady ? undefined : skipToken);
  return data?.emailConfirmed;
}

/**
 * The dashboard's quiet banner while the account's e-mail is unconfirmed: 'Confirm your e-mail —
 * resend'. Everything works meanwhile; only alerts, digests and notices wait for a confirmed
 * address.
 */
export function EmailConfirmationBanner() {
  const confirmed = useEmailConfirmed();
  const [send, { isLoading }] = useSendEmailConfirmationMutation();
  if (confirmed !== false) return null;
  const resend = async () => {
    try {
      const sent = await send().unwrap();
      if (sent.emailConfirmed) notify.success('Your e-mail is confirmed');
      else notify.success('We sent you a link to confirm your e-mail');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" disabled={isLoading} onClick={() => void resend()}>
          resend
        </Button>
      }
    >
      Confirm your e-mail —
    </Alert>
  );
}

/** On the saved pages: what an unconfirmed e-mail keeps from the account. */
export function UnconfirmedMailNote() {
  if (useEmailConfirmed() !== false) return null;
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      Confirm your e-mail to get these by e-mail
    </Typography>
  );
}
