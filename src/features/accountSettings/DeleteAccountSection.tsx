import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import {
  needsRecentSignIn,
  openBookingsOf,
  useDeleteMyAccountMutation,
} from '../../lib/api/accountLeaving';
import { signOut, useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { useAppSelector } from '../../app/hooks';
import { CONFIRM_WORDS, DeleteAccountDialog, type DeleteDialogState } from './DeleteAccountDialog';
import { reauthenticate, signsInWithGoogle } from './reauthenticate';
import { SettingsSection } from './SettingsSection';

export const ACCOUNT_DELETED = 'Your account is deleted. Goodbye, and thank you.';

const idle = { error: null, openBookings: null, signInAgain: false } as const;

/**
 * 'Delete my account': a dialog where the person types the words; the server refuses while a
 * booking is open (listed, with links) and asks for a recent sign-in (done here, then retried).
 * Once deleted: signed out, and home with a message.
 */
export function DeleteAccountSection() {
  const [deleteAccount, { isLoading }] = useDeleteMyAccountMutation();
  const providers = useAppSelector((state) => state.auth.user?.providerData ?? []);
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [state, setState] = useState<Omit<DeleteDialogState, 'busy' | 'google'>>(idle);

  const tryDelete = async () => {
    setState(idle);
    const result = await deleteAccount({ body: { confirm: CONFIRM_WORDS } });
    if (!('error' in result)) {
      await dispatch(signOut());
      notify.success(ACCOUNT_DELETED);
      void navigate(paths.root);
      return;
    }
    const openBookings = openBookingsOf(result.error);
    if (openBookings) setState({ ...idle, openBookings });
    else if (needsRecentSignIn(result.error)) setState({ ...idle, signInAgain: true });
    else setState({ ...idle, error: errorMessage(result.error) });
  };

  const signInThenDelete = async (password: string | null) => {
    setSigningIn(true);
    const problem = await dispatch(reauthenticate(password));
    setSigningIn(false);
    if (problem) setState({ ...idle, signInAgain: true, error: problem });
    else await tryDelete();
  };

  return (
    <SettingsSection title="Delete my account">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Deletes your account, your details and your cars for good. Finish or cancel your open
        bookings first; you may need to sign in again.
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open ? (
        <DeleteAccountDialog
          open
          {...state}
          busy={isLoading || signingIn}
          google={signsInWithGoogle(providers)}
          onClose={() => {
            setOpen(false);
            setState(idle);
          }}
          onDelete={() => void tryDelete()}
          onSignIn={(password) => void signInThenDelete(password)}
        />
      ) : null}
    </SettingsSection>
  );
}
