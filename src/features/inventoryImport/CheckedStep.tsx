import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { ColumnMatches } from './ColumnMatches';
import {
  useApplyImportMutation,
  useDiscardImportMutation,
  useChangeImportMappingMutation,
} from './importApi';
import { ImportRowsTable } from './ImportRowsTable';
import type { Import, ImportMapping } from './importTypes';
import { applyLabel, summaryText } from './importText';

/** What 'This file is my whole stock' will do, with the number when the dry run gives one. */
function wholeStockWarning(removed: number): string {
  if (removed > 0) {
    const cars =
      removed === 1
        ? '1 of your other cars'
        : `${removed.toLocaleString('en-US')} of your other cars`;
    return `${cars}, not in this file, will be removed from sale, as Delete removes a car.`;
  }
  return 'Your cars that are not in this file will be removed from sale, as Delete removes a car.';
}

/**
 * Step 3: the dry run's result. The column matches (each can be changed), the counts, the
 * day's allowance, every row's result, and the choice: import, or discard.
 */
export function CheckedStep({ job, onDiscarded }: { job: Import; onDiscarded: () => void }) {
  const [updateMapping, mapping] = useChangeImportMappingMutation();
  const [apply, applying] = useApplyImportMutation();
  const [discard, discarding] = useDiscardImportMutation();
  const [wholeStock, setWholeStock] = useState(job.wholeStock);
  const [mappingRefusal, setMappingRefusal] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const importable = job.rows.filter((row) => row.result === 'new' || row.result === 'updated');
  const busy = mapping.isLoading || applying.isLoading || discarding.isLoading;

  const remap = (next: ImportMapping) => {
    setMappingRefusal(null);
    updateMapping({ id: job._id, body: { mapping: next } })
      .unwrap()
      .catch((error: unknown) =>
        setMappingRefusal(
          errorMessage(error, 'The column could not be changed. Please try again.'),
        ),
      );
  };
  const start = () => {
    setRefusal(null);
    apply({ id: job._id, body: { wholeStock } })
      .unwrap()
      .catch((error: unknown) =>
        setRefusal(errorMessage(error, 'The import could not start. Please try again.')),
      );
  };
  const drop = () => {
    setRefusal(null);
    discard({ id: job._id })
      .unwrap()
      .then(onDiscarded, (error: unknown) =>
        setRefusal(errorMessage(error, 'The import could not be discarded. Please try again.')),
      );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}
    >
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          What this file would do
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {job.fileName} · {job.rowsTotal.toLocaleString('en-US')} rows · nothing saved yet
        </Typography>
        <Typography role="status" sx={{ mt: 1.5, fontSize: '1.15rem', fontWeight: 700 }}>
          {summaryText(job.summary)}
        </Typography>
        {job.allowance.message && (
          <Alert severity="info" role="note" sx={{ mt: 1.5 }}>
            {job.allowance.message}
          </Alert>
        )}
      </Box>
      <ColumnMatches columns={job.columns} busy={busy} refusal={mappingRefusal} onChange={remap} />
      <ImportRowsTable rows={job.rows} />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={wholeStock}
              onChange={(event) => setWholeStock(event.target.checked)}
              disabled={busy}
            />
          }
          label="This file is my whole stock"
        />
        {wholeStock && (
          <Alert severity="warning" role="status" sx={{ mt: 1 }}>
            {wholeStockWarning(job.summary.removed)}
          </Alert>
        )}
      </Box>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={start}
          disabled={busy || (importable.length === 0 && !wholeStock)}
        >
          {applyLabel(importable.length)}
        </Button>
        <Button variant="outlined" onClick={drop} disabled={busy}>
          Discard
        </Button>
      </Box>
    </Paper>
  );
}
