import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';
import { SelectInput } from '../../components/SelectInput';
import {
  BODY_STYLES,
  DRIVES,
  FUELS,
  maxModelYear,
  MIN_MODEL_YEAR,
  TRANSMISSIONS,
  type VehicleFormValues,
} from './vehicleForm';

/** What a select field takes of the form. */
export interface ChoiceProps {
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur: FocusEventHandler<HTMLSelectElement>;
  error: boolean;
  helperText: string;
}

interface Props {
  /** The form's props for one of its fields (id, value, handlers, message). */
  field: (name: keyof VehicleFormValues) => TextFieldProps;
  /** The same for a choice (the browser's own select, light to render: 'Not given' first). */
  choice: (name: keyof VehicleFormValues) => ChoiceProps;
  /** Shown beside the VIN (the VIN decoder's button). */
  vinAction?: ReactNode;
  /**
   * What the fields show (their values, messages and the VIN action's state), as one string: the
   * group draws again only when it changes, not at each key typed in the form's other fields.
   */
  drawn: string;
}

/**
 * The vehicle data of Add product and Edit: model, model year and mileage asked for; VIN, trim,
 * body, fuel, transmission, drive, colour and owners optional. Lays out in the form's grid.
 */
export const VehicleFields = memo(
  VehicleFieldGroup,
  (before, after) => before.drawn === after.drawn,
);

function VehicleFieldGroup({ field, choice, vinAction }: Props) {
  const options = (values: readonly string[]) => [
    { value: '', label: 'Not given' },
    ...values.map((value) => ({ value, label: value })),
  ];
  const whole = { htmlInput: { inputMode: 'numeric' as const } };
  return (
    <>
      <Typography component="h2" variant="subtitle1" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        Vehicle details
      </Typography>
      <Box
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          alignItems: 'flex-start',
        }}
      >
        <Box sx={{ flex: '1 1 16rem' }}>
          <TextField
            label="VIN (optional)"
            {...field('vin')}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
        </Box>
        {vinAction}
      </Box>
      <TextField label="Model" {...field('model')} />
      <TextField
        label="Model year"
        placeholder={`${MIN_MODEL_YEAR}–${maxModelYear()}`}
        {...field('modelYear')}
        slotProps={whole}
      />
      <TextField label="Mileage (miles)" {...field('mileage')} slotProps={whole} />
      <TextField label="Trim (optional)" {...field('trim')} />
      <SelectInput label="Body style" options={options(BODY_STYLES)} {...choice('bodyStyle')} />
      <SelectInput label="Fuel" options={options(FUELS)} {...choice('fuel')} />
      <SelectInput
        label="Transmission"
        options={options(TRANSMISSIONS)}
        {...choice('transmission')}
      />
      <SelectInput label="Drive" options={options(DRIVES)} {...choice('drive')} />
      <TextField label="Exterior colour (optional)" {...field('exteriorColor')} />
      <TextField label="Previous owners (optional)" {...field('owners')} slotProps={whole} />
    </>
  );
}
