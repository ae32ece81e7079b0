import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { DialogFrame } from '../../components/DialogFrame';
import { Refusal } from '../../components/Refusal';

/** The most characters of a moderator's reason (the server's limit). */
export const REASON_MAX = 500;

interface Props {
  open: boolean;
  title: string;
  /** What the action does, and who reads the reason. */
  explanation: string;
  /** The confirm button's label ('Hide listing'). */
  confirmLabel: string;
  busy: boolean;
  /** Why the server refused, shown above the field. */
  refusal: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks the moderator why (one line, 1 to 500 characters) before an action; the person reads it. */
export function ReasonDialog({
  open,
  title,
  explanation,
  confirmLabel,
  busy,
  refusal,
  onConfirm,
  onClose,
}: Props) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const problem = !trimmed
    ? 'Give a reason'
    : trimmed.length > REASON_MAX
      ? `At most ${REASON_MAX} characters`
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem && !busy) onConfirm(trimmed);
  };
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={title}
      onSubmit={submit}
      fullWidth
      maxWidth="sm"
      contentSx={{ display: 'grid', gap: 2 }}
      actionsSx={{ px: 3, pb: 2 }}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="secondary" disabled={busy}>
            {busy ? 'Working...' : confirmLabel}
          </Button>
        </>
      }
    >
      <Refusal lead={explanation} refusal={refusal} />
      <TextField
        label="Reason"
        name="reason"
        required
        autoComplete="off"
        value={reason}
        // One line: it reaches the person in a notice and an e-mail.
        onChange={(event) => setReason(event.target.value.replace(/[\r\n]+/g, ' '))}
        onBlur={() => setTouched(true)}
        error={touched && problem !== null}
        helperText={touched && problem ? problem : `Up to ${REASON_MAX} characters`}
      />
    </DialogFrame>
  );
}
