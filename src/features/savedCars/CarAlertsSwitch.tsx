import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { errorMessage } from '../../lib/api';
import { useUpdateSavedCarMutation, type SavedCar } from '../../lib/api/saved';
import { notify } from '../../lib/notify/notify';

/** One saved car's alerts (its price drops and its sale) on or off. */
export function CarAlertsSwitch({ car }: { car: SavedCar }) {
  const [update, updating] = useUpdateSavedCarMutation();
  return (
    <FormControlLabel
      label="Alerts"
      control={
        <Switch
          checked={car.alerts}
          disabled={updating.isLoading}
          slotProps={{ input: { 'aria-label': `Alerts for ${car.carName}` } }}
          onChange={(event) => {
            update({ productId: car.productId, body: { alerts: event.target.checked } })
              .unwrap()
              .catch((error: unknown) =>
                notify.error(
                  errorMessage(error, 'The alerts could not be changed. Please try again.'),
                ),
              );
          }}
        />
      }
    />
  );
}
