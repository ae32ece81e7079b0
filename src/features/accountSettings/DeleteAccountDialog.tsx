import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OpenBooking } from '../../lib/api/accountLeaving';
import { SignInAgain } from './SignInAgain';

export const CONFIRM_WORDS = 'delete my account';

/** The open bookings that keep the account from closing, each a link to its page. */
function OpenBookingsList({ bookings }: { bookings: OpenBooking[] }) {
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      <strong>Cancel or finish these first</strong>
      <List dense disablePadding>
        {bookings.map((booking) => (
          <ListItem key={booking._id} disableGutters>
            <Link component={RouterLink} to={booking.link}>
              {booking.productName}
            </Link>
            &nbsp;({booking.status}, you are the {booking.role})
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

export interface DeleteDialogState {
  busy: boolean;
  error: string | null;
  openBookings: OpenBooking[] | null;
  /** Ask to sign in again (the sign-in is older than 5 minutes). */
  signInAgain: boolean;
  google: boolean;
}

interface Props extends DeleteDialogState {
  open: boolean;
  onClose: () => void;
  onDelete: () => void;
  onSignIn: (password: string | null) => void;
}

/** Asks the person to type the words before the account is deleted; says why it was not. */
export function DeleteAccountDialog(props: Props) {
  const { open, busy, error, openBookings, signInAgain, google, onClose, onDelete, onSignIn } =
    props;
  const [typed, setTyped] = useState('');
  const titleId = useId();
  const confirmed = typed.trim().toLowerCase() === CONFIRM_WORDS;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Delete your account?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your sign-in, your details and your cars are deleted, and cannot come back. The other
          party of each past booking keeps it, showing &lsquo;Deleted user&rsquo;; your reviews
          stay, signed &lsquo;Deleted user&rsquo;. Type <strong>{CONFIRM_WORDS}</strong> to confirm.
        </DialogContentText>
        <TextField
          label={`Type '${CONFIRM_WORDS}'`}
          fullWidth
          margin="normal"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        {openBookings ? <OpenBookingsList bookings={openBookings} /> : null}
        {signInAgain ? (
          <SignInAgain
            google={google}
            busy={busy}
            toDo="delete your account"
            action="Sign in again and delete"
            onSignIn={onSignIn}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={!confirmed || busy} onClick={onDelete}>
          Delete my account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
