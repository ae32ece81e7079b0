import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api';
import { useReportTargetMutation } from '../lib/api/reports';
import { selectUserEmail, type AuthRootState } from '../lib/auth/authSlice';
import type { FromState } from '../lib/auth/guards';
import { DialogFrame } from './DialogFrame';
import { Refusal } from './Refusal';
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
    const signIn = () =>
      navigate(paths.login, {
        state: {
          from: { pathname: location.pathname, search: location.search },
        } satisfies FromState,
      });
    return (
      <DialogFrame
        {...{ open, onClose, title }}
        fullWidth
        maxWidth="xs"
        actionsSx={{ px: 3, pb: 2 }}
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={signIn}>
              Sign in
            </Button>
          </>
        }
      >
        <Typography>Sign in to report this {what} to our moderators.</Typography>
      </DialogFrame>
    );
  }

  if (outcome === 'sent') {
    return (
      <DialogFrame
        {...{ open, onClose, title }}
        fullWidth
        maxWidth="xs"
        actionsSx={{ px: 3, pb: 2 }}
        actions={
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        }
      >
        <Typography role="status">{THANKS}</Typography>
      </DialogFrame>
    );
  }

  const reasonMissing = submitted && !reason;
  return (
    <DialogFrame
      {...{ open, onClose, title }}
      onSubmit={(event) => void submit(event)}
      fullWidth
      maxWidth="sm"
      contentSx={{ display: 'grid', gap: 2 }}
      actionsSx={{ px: 3, pb: 2 }}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={isLoading}>
            {isLoading ? 'Sending...' : 'Send report'}
          </Button>
        </>
      }
    >
      <Refusal lead={name} refusal={refusal} />
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
    </DialogFrame>
  );
}
