import TextField from '@mui/material/TextField';
import type { ChangeEvent, FocusEvent } from 'react';
import { useZipPlace } from '../../lib/zipPlace';

interface Props {
  /** The form's props for the field (value, events, id), as ProductForm's `field` gives them. */
  field: {
    id: string;
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  };
  error: string | undefined;
}

/**
 * A car's ZIP code, beside its Location (which stays as typed): once five digits are typed, the
 * line under it names the place ('78701 — Austin, TX', from GET /api/places/{zip}) or says the
 * ZIP is unknown.
 */
export function ZipField({ field, error }: Props) {
  const { line, unknown } = useZipPlace(
    field.value,
    error,
    'Optional: where buyers nearby find the car',
  );
  return (
    <TextField
      label="ZIP code"
      {...field}
      fullWidth
      autoComplete="postal-code"
      error={Boolean(error) || unknown}
      helperText={line}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
    />
  );
}
