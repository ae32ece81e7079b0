import { styled } from '@mui/material/styles';
import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { SelectOption } from './SelectInput';

/*
 * A field for a public page's filters and sorts: the browser's own <input> or <select> under a
 * label, drawn in the outlined fields' colours. TextInput and SelectInput draw MUI's floating
 * label and notched outline, whose code (InputBase, OutlinedInput, FormControl… about 10 KB gzip)
 * a search page would otherwise load before it is interactive.
 */

const Field = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  minWidth: 0,
  '& label': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& input, & select': {
    ...theme.typography.body1,
    boxSizing: 'border-box',
    width: '100%',
    height: 44,
    padding: '0 12px',
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    border: '1px solid rgba(0, 0, 0, 0.23)',
    borderRadius: theme.shape.borderRadius,
  },
  '& input:hover, & select:hover': { borderColor: theme.palette.text.primary },
  '& input:focus-visible, & select:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -1,
    borderColor: theme.palette.primary.main,
  },
}));

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </Field>
  );
}

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'id'> & { label: string };

/** A labelled text field (the label is above it, not inside it). */
export function PlainTextField({ label, ...input }: InputProps) {
  return <Labelled label={label}>{(id) => <input id={id} {...input} />}</Labelled>;
}

type SelectProps = Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'children'> & {
  label: string;
  options: readonly SelectOption[];
};

/** A labelled select over the browser's own picker. */
export function PlainSelect({ label, options, ...select }: SelectProps) {
  return (
    <Labelled label={label}>
      {(id) => (
        <select id={id} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}
