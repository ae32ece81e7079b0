import Paper from '@mui/material/Paper';
import { MailChoice } from './MailChoice';
import { errorMessage } from '../lib/api';
import { useGetAlertSettingsQuery, usePutAlertSettingsMutation } from '../lib/api/alertSettings';
import { notify } from '../lib/notify/notify';

export const SAVED_CARS_MAIL_LABEL = "E-mail me when a saved car's price drops or it is sold";

/** How the account's saved cars' price drops and sales are e-mailed (alert settings). */
export function SavedCarsMailSetting() {
  const { data } = useGetAlertSettingsQuery();
  const [put, putting] = usePutAlertSettingsMutation();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }}>
      <MailChoice
        label={SAVED_CARS_MAIL_LABEL}
        value={data?.savedCars ?? 'instant'}
        disabled={!data || putting.isLoading}
        helperText="The bell tells you either way; turn one car's alerts off below."
        onChange={(savedCars) => {
          if (!data) return;
          put({ body: { ...data, savedCars } })
            .unwrap()
            .catch((error: unknown) =>
              notify.error(
                errorMessage(error, 'The setting could not be saved. Please try again.'),
              ),
            );
        }}
      />
    </Paper>
  );
}
