import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { errorMessage } from '../lib/api';
import { useGetAlertSettingsQuery, usePutAlertSettingsMutation } from '../lib/api/alertSettings';
import { notify } from '../lib/notify/notify';

export const DIGEST_LABEL = 'Daily digest e-mail';

/**
 * The account's daily digest on or off (alert settings): one e-mail a day with the new matches of
 * the searches set to 'Daily' (and saved cars' news, when they are).
 */
export function DigestSwitch() {
  const id = useId();
  const { data } = useGetAlertSettingsQuery();
  const [put, putting] = usePutAlertSettingsMutation();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 3 }}>
      <FormControlLabel
        label={DIGEST_LABEL}
        control={
          <Switch
            checked={data?.digest ?? false}
            disabled={!data || putting.isLoading}
            slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
            onChange={(event) => {
              if (!data) return;
              put({ body: { ...data, digest: event.target.checked } })
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
        One e-mail a day with the new cars of the searches set to ‘Daily’.
      </FormHelperText>
    </Paper>
  );
}
