import { SettingSwitch } from '../../components/SettingSwitch';
import { useUpdateMeMutation, type Me } from '../../lib/api/account';

export const BOOKING_MAILS_LABEL = 'Booking and message e-mails';

/**
 * The account's booking and message e-mails on or off (`PATCH /api/me {bookingMails}`): off, the
 * bell still shows every booking's news and message.
 */
export function BookingMailsSwitch({ me }: { me: Me }) {
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  return (
    <SettingSwitch
      label={BOOKING_MAILS_LABEL}
      help="An e-mail when one of your bookings changes or has a new message. Off, the bell still shows them."
      checked={me.bookingMails}
      disabled={isLoading}
      save={(bookingMails) => updateMe({ body: { bookingMails } }).unwrap()}
    />
  );
}
