import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/notify/notify';

/**
 * One of the account's e-mail settings as a switch with its help: `save` stores the new value;
 * a refusal is said in a toast, and the switch shows what the server holds.
 */
export function SettingSwitch({
  label,
  help,
  checked,
  disabled,
  save,
}: {
  label: string;
  help: ReactNode;
  checked: boolean;
  disabled: boolean;
  save: (checked: boolean) => Promise<unknown>;
}) {
  const id = useId();
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 3 }}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
            onChange={(event) => {
              save(event.target.checked).catch((error: unknown) =>
                notify.error(
                  errorMessage(error, 'The setting could not be saved. Please try again.'),
                ),
              );
            }}
          />
        }
      />
      <FormHelperText id={`${id}-help`} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
    </Paper>
  );
}
