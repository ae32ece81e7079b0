import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useUpdateMeMutation, type Me } from '../../lib/api/account';
import { notify } from '../../lib/notify/notify';

export const BOOKING_MAILS_LABEL = 'Booking and message e-mails';

/**
 * The account's booking and message e-mails on or off (`PATCH /api/me {bookingMails}`): off, the
 * bell still shows every booking's news and message.
 */
export function BookingMailsSwitch({ me }: { me: Me }) {
  const id = useId();
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 3 }}>
      <FormControlLabel
        label={BOOKING_MAILS_LABEL}
        control={
          <Switch
            checked={me.bookingMails}
            disabled={isLoading}
            slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
            onChange={(event) => {
              updateMe({ body: { bookingMails: event.target.checked } })
                .unwrap()
                .catch((error: unknown) =>
                  notify.error(
                    errorMessage(error, 'The setting could not be saved. Please try again.'),
                  ),
                );
            }}
          />
        }
      />
      <FormHelperText id={`${id}-help`} sx={{ mt: 0 }}>
        An e-mail when one of your bookings changes or has a new message. Off, the bell still shows
        them.
      </FormHelperText>
    </Paper>
  );
}
