import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEventHandler, FocusEventHandler } from 'react';
import { FieldFrame } from './TextInput';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface Props {
  label: string;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

/**
 * An outlined select drawn like TextInput, over the browser's own `<select>`: the phone's picker,
 * keyboard and screen-reader support come with it, and the page does without MUI's Select, whose
 * menu, popover and modal code (about 12 KB gzip) would otherwise hydrate with the form.
 */
export function SelectInput({ label, helperText, error, options, disabled, ...select }: Props) {
  return (
    <FieldFrame label={label} helperText={helperText} error={error} disabled={disabled} shrink>
      {(id, helperId) => (
        <NativeSelect
          input={<OutlinedInput label={label} notched />}
          inputProps={{ id, 'aria-describedby': helperId, ...select }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
