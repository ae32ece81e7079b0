import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api';
import { useReportTargetMutation } from '../lib/api/reports';
import { selectUserEmail, type AuthRootState } from '../lib/auth/authSlice';
import type { FromState } from '../lib/auth/guards';
import { ALREADY_REPORTED, DETAILS_MAX, PERSON_REASONS, THANKS } from '../lib/reportReasons';

export interface ReportTarget {
  targetKind: 'product' | 'user';
  targetId: string;
  /** The car's or the seller's name, for the title. */
  name: string;
}

interface Props extends ReportTarget {
  open: boolean;
  onClose: () => void;
}

type Reason = (typeof PERSON_REASONS)[number][0];

/** Whether the server refused with 409 (a report of this target by this person is open). */
const isConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/**
 * Reporting a listing or a seller to the moderators: a reason and up to 1,000 characters. A
 * signed-out visitor is asked to sign in first (and comes back here). Sent: 'Thanks, a moderator
 * will look at it'; a report of the same target still open: 'You already reported this'.
 */
export function ReportDialog({ targetKind, targetId, name, open, onClose }: Props) {
  const id = useId();
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const navigate = useNavigate();
  const location = useLocation();
  const [reportTarget, { isLoading }] = useReportTargetMutation();
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<'sent' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const what = targetKind === 'product' ? 'listing' : 'seller';
  const tooLong = details.trim().length > DETAILS_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!reason || tooLong || isLoading) return;
    setRefusal(null);
    try {
      await reportTarget({
        body: { targetKind, targetId, reason, details: details.trim() },
      }).unwrap();
      setOutcome('sent');
    } catch (error) {
      setRefusal(isConflict(error) ? ALREADY_REPORTED : errorMessage(error));
    }
  };

  const title = `Report this ${what}`;
  if (!email) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Typography>Sign in to report this {what} to our moderators.</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() =>
              navigate(paths.login, {
                state: {
                  from: { pathname: location.pathname, search: location.search },
                } satisfies FromState,
              })
            }
          >
            Sign in
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (outcome === 'sent') {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Typography role="status">{THANKS}</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const reasonMissing = submitted && !reason;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{name}</Typography>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <FormControl component="fieldset" error={reasonMissing} required>
            <FormLabel component="legend">What is wrong?</FormLabel>
            <RadioGroup
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value as Reason)}
            >
              {PERSON_REASONS.map(([value, label]) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
              ))}
            </RadioGroup>
            {reasonMissing && <FormHelperText>Choose a reason</FormHelperText>}
          </FormControl>
          <TextField
            label="Details (optional)"
            name="details"
            multiline
            minRows={3}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            error={tooLong}
            helperText={
              tooLong
                ? `At most ${DETAILS_MAX.toLocaleString('en-US')} characters`
                : `${details.trim().length} of ${DETAILS_MAX.toLocaleString('en-US')} characters`
            }
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send report'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
