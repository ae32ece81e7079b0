import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TextInput } from './TextInput';

interface Props {
  open: boolean;
  title: string;
  /** The name the field starts with. */
  initialName: string;
  maxLength: number;
  /** The submit button's label ('Save'). */
  submitLabel: string;
  busy: boolean;
  /** Why the server refused, shown above the field. */
  refusal: string | null;
  /** A line under the title (what is being named). */
  children?: ReactNode;
  /** More fields of the form, under the name (their values are the caller's). */
  fields?: ReactNode;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a name (a saved search's): one line, 1 to `maxLength` characters once trimmed. */
export function NameDialog({
  open,
  title,
  initialName,
  maxLength,
  submitLabel,
  busy,
  refusal,
  children,
  fields,
  onSubmit,
  onClose,
}: Props) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem = !trimmed
    ? 'Field is required'
    : trimmed.length > maxLength
      ? `At most ${maxLength} characters`
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem && !busy) onSubmit(trimmed);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {children && <Typography color="text.secondary">{children}</Typography>}
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label="Name"
            name="name"
            value={name}
            required
            autoComplete="off"
            onChange={(event) => setName(event.target.value.replace(/[\r\n]+/g, ' '))}
            onBlur={() => setTouched(true)}
            error={touched && problem !== null}
            helperText={touched && problem ? problem : `Up to ${maxLength} characters`}
          />
          {fields}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
