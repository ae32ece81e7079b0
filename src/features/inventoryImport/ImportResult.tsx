import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ActionLink } from '../../components/actions';
import { paths } from '../../config/paths';
import { ImportRowsTable } from './ImportRowsTable';
import type { Import } from './importTypes';
import { resultText } from './importText';

/**
 * Step 4's end: what the import did (it stays here, and was mailed too) and every row's result,
 * or why it failed. Either way another file can be imported.
 */
export function ImportResult({ job, onAgain }: { job: Import; onAgain: () => void }) {
  const failed = job.state === 'failed';
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}
    >
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {failed ? 'The import failed' : 'Import finished'}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {job.fileName}
        </Typography>
      </Box>
      {failed ? (
        <Alert severity="error" role="alert">
          {job.error ?? 'The import stopped before it was done.'} Cars imported before it stopped
          are listed below.
        </Alert>
      ) : (
        <Box role="status">
          <Typography sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
            {resultText(job.summary)}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            This result was also sent to you by e-mail.
          </Typography>
        </Box>
      )}
      {job.rows.length > 0 && <ImportRowsTable rows={job.rows} />}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <ActionLink to={paths.myProducts} variant="contained">
          My cars
        </ActionLink>
        <Button variant="outlined" onClick={onAgain}>
          Import another file
        </Button>
      </Box>
    </Paper>
  );
}
