import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';

interface FrameProps {
  label: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Keep the label above the outline even when the control is empty. */
  shrink?: boolean;
  /** The control, given the id its label points at and the id of its helper text. */
  children: (id: string, helperId: string | undefined) => ReactNode;
}

/**
 * The frame of an outlined field, as MUI's TextField draws it: FormControl, InputLabel, the
 * control, FormHelperText. Shared by TextInput and SelectInput.
 */
export function FieldFrame({ label, helperText, shrink, children, ...state }: FrameProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth {...state}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children(id, helperId)}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

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
  /** The phone keyboard to show ('decimal' for prices). */
  inputMode?: 'text' | 'decimal' | 'numeric' | 'search';
}

/**
 * An outlined text field, as MUI's TextField draws it (FormControl, InputLabel, OutlinedInput,
 * FormHelperText), without TextField's other variants and its select mode, which bring the menu,
 * popover and modal code (about 12 KB gzip) to a page that has no select. Takes the same props as
 * `textFieldProps` (src/lib/forms.ts) gives.
 */
export function TextInput({ label, helperText, error, required, inputMode, ...input }: Props) {
  return (
    <FieldFrame label={label} helperText={helperText} error={error} required={required}>
      {(id, helperId) => (
        <OutlinedInput
          id={id}
          label={required ? `${label} *` : label}
          aria-describedby={helperId}
          inputProps={inputMode ? { inputMode } : undefined}
          {...input}
        />
      )}
    </FieldFrame>
  );
}
