import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler } from 'react';

interface Props {
  label: string;
  name: string;
  value: unknown;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  type?: string;
  autoComplete?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  readOnly?: boolean;
}

/**
 * An outlined text field, as MUI's TextField draws it (FormControl, InputLabel, OutlinedInput,
 * FormHelperText), without TextField's other variants and its select mode, which bring the menu,
 * popover and modal code (about 12 KB gzip) to a page that has no select. Takes the same props as
 * `textFieldProps` (src/lib/forms.ts) gives.
 */
export function TextInput({ label, helperText, error, required, ...input }: Props) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        aria-describedby={helperId}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
