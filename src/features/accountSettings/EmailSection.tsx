import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { Me } from '../../lib/api/account';
import { DigestSwitch } from '../../components/DigestSwitch';
import { SavedCarsMailSetting } from '../../components/SavedCarsMailSetting';
import { BookingMailsSwitch } from './BookingMailsSwitch';
import { SettingsSection } from './SettingsSection';

/**
 * Every e-mail the account gets, in one place: the bookings' and messages' (on unless turned
 * off), the daily digest and saved cars' alerts (the alert settings, as the saved pages set
 * them), and a pointer to each saved search's own setting.
 */
export function EmailSection({ me }: { me: Me }) {
  const alerts = me.userRole !== 'Admin';
  return (
    <SettingsSection title="E-mail" description={`Sent to ${me.email}.`}>
      <BookingMailsSwitch me={me} />
      {alerts ? (
        <>
          <DigestSwitch />
          <SavedCarsMailSetting />
          <Typography variant="body2">
            Each saved search has its own setting (at once, daily or never) on{' '}
            <Link component={RouterLink} to={paths.savedSearches}>
              Saved searches
            </Link>
            .
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Alerts and the daily digest are for buyers and sellers.
        </Typography>
      )}
    </SettingsSection>
  );
}
