import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { FileChoice } from './FileChoice';
import { importApi } from './importApi';
import type { Import } from './importTypes';
import { CSV_ACCEPT, csvProblem, ZIP_ACCEPT, zipProblem } from './importText';
import { uploadImport, UploadRefused } from './uploadImport';

const CSV_HELP =
  'One car a row, with a header row: VIN or stock number, make, model, year, mileage, price… Up to 5 MB and 2,000 cars, comma or semicolon separated.';
const ZIP_HELP =
  'Optional: the photos your file names in its photos column (several in a cell separated by |). Up to 200 MB.';

/**
 * Step 1: the stock file and, optionally, its photos. Each is checked here first (type and
 * size); sending shows its progress, and a refusal shows the server's reason.
 */
export function UploadStep({ onStarted }: { onStarted: (job: Import) => void }) {
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [zipError, setZipError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops an upload under way.
  useEffect(() => () => abort.current?.abort(), []);

  const dispatch = useAppDispatch();
  /** Asks the API once, which renews an expired access token; false if the session is over. */
  const renew = async () => {
    const asked = dispatch(
      importApi.endpoints.getCurrentImport.initiate(undefined, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
    const { error } = await asked;
    return !(error && 'status' in error && error.status === 401);
  };
  const sending = sent !== null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!csv) {
      setCsvError('Choose your stock file (CSV) first.');
      return;
    }
    if (csvError || zipError) return;
    abort.current = new AbortController();
    setSent(0);
    const { signal } = abort.current;
    const send = () => uploadImport({ file: csv, photos: zip, onProgress: setSent }, signal);
    try {
      let job: Import;
      try {
        job = await send();
      } catch (error) {
        // An access token that ran out: the API's own calls renew it (one is made here), then
        // the files go once more.
        if (!(error instanceof UploadRefused && error.status === 401) || !(await renew()))
          throw error;
        setSent(0);
        job = await send();
      }
      onStarted(job);
    } catch (error) {
      if (error instanceof UploadRefused && error.status === 'ABORTED') return;
      setRefusal(error instanceof Error ? error.message : 'The import could not start.');
      setSent(null);
    }
  };

  const percent = Math.round((sent ?? 0) * 100);
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby="import-upload-title"
      onSubmit={(event: FormEvent) => void submit(event)}
      sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}
    >
      <Typography id="import-upload-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Choose your stock file
      </Typography>
      <FileChoice
        id="import-csv"
        label="Stock file (CSV)"
        help={CSV_HELP}
        accept={CSV_ACCEPT}
        problem={csvError}
        disabled={sending}
        onPick={(file) => {
          setCsv(file);
          setCsvError(file ? csvProblem(file) : null);
        }}
      />
      <FileChoice
        id="import-zip"
        label="Photos (ZIP, optional)"
        help={ZIP_HELP}
        accept={ZIP_ACCEPT}
        problem={zipError}
        disabled={sending}
        onPick={(file) => {
          setZip(file);
          setZipError(file ? zipProblem(file) : null);
        }}
      />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      {sending && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Uploading your files"
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography role="status" aria-live="polite" variant="body2" sx={{ mt: 0.5 }}>
            {percent < 100 ? `Uploading… ${percent}%` : 'Uploaded: starting the check…'}
          </Typography>
        </Box>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={sending}>
          Upload and check
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Nothing is saved until you have seen what the file would do and chosen to import it.
      </Typography>
    </Paper>
  );
}
