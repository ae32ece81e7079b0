import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Import } from './importTypes';
import { progressText } from './importText';

const TITLES = {
  checking: 'Checking your file',
  applying: 'Importing your cars',
} as const;

const NOTES = {
  checking: 'Nothing is saved yet: every row is checked first, and you choose what to import.',
  applying: 'You may leave this page: the import goes on, and its result is also mailed to you.',
} as const;

/**
 * A background job's progress: a determinate bar of rows done (labelled, for screen readers)
 * and its words in a polite live region. `offline` says the last status request failed; the
 * page keeps asking.
 */
export function ImportProgress({
  job,
  state,
  offline,
}: {
  job: Import;
  state: 'checking' | 'applying';
  offline: boolean;
}) {
  const total = Math.max(job.rowsTotal, 0);
  const done = Math.min(job.rowsDone, total);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const words = progressText(state, done, total);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {TITLES[state]}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {job.fileName}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={TITLES[state]}
        aria-valuetext={words}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography role="status" aria-live="polite" sx={{ mt: 1, fontWeight: 500 }}>
        {words}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {NOTES[state]}
      </Typography>
      {offline && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          The connection is unsteady: the progress shown may be behind. Still trying…
        </Alert>
      )}
    </Paper>
  );
}
