import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { LoadFailure } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { CheckedStep } from './CheckedStep';
import { importApi, storeImport, useGetCurrentImportQuery, useGetImportQuery } from './importApi';
import { ImportProgress } from './ImportProgress';
import { ImportResult } from './ImportResult';
import type { Import } from './importTypes';
import { UploadStep } from './UploadStep';

export const IMPORT_TITLE = 'Import your stock';

/** How often a running import's progress is asked for (ms). */
const POLL_MS = 1000;

const running = (job: Import | undefined) => job?.state === 'checking' || job?.state === 'applying';

/**
 * One import from its dry run to its result: its progress asked for every second while a
 * background job runs (a failed request is simply asked again), then its step.
 */
function ImportView({
  id,
  initial,
  onDone,
}: {
  id: string;
  /** What the page already knows of it (the latest import's answer), until its own answer. */
  initial: Import | undefined;
  onDone: () => void;
}) {
  // Polling follows what the last answer says: on while a job runs, off once it is done.
  const known = importApi.endpoints.getImport.useQueryState({ id }).data ?? initial;
  const view = useGetImportQuery({ id }, { pollingInterval: running(known) ? POLL_MS : 0 });
  const job = view.data ?? initial;
  if (!job) {
    if (view.isError) return <LoadFailure what="your import" retry={view.refetch} />;
    return <Spinner minHeight={240} label="Loading your import" />;
  }
  // The last request failed but an answer is shown: the next poll tries again.
  const offline = view.isError;
  switch (job.state) {
    case 'checking':
    case 'applying':
      return <ImportProgress job={job} state={job.state} offline={offline} />;
    case 'checked':
      return <CheckedStep key={job._id} job={job} onDiscarded={onDone} />;
    default:
      return <ImportResult job={job} onAgain={onDone} />;
  }
}

/**
 * A seller's inventory import: a stock file (and its photos) uploaded, checked row by row
 * without saving anything, then imported as a background job. An import under way is shown
 * again on coming back.
 */
export function InventoryImportPage() {
  const dispatch = useAppDispatch();
  const current = useGetCurrentImportQuery(undefined, { refetchOnMountOrArgChange: true });
  // What the seller chose on this visit: an import just started, or a fresh upload (null).
  const [chosen, setChosen] = useState<{ id: string | null } | null>(null);
  const latest = current.data;
  const unfinished = latest && latest.state !== 'done' && latest.state !== 'failed';
  const shownId = chosen ? chosen.id : unfinished ? latest._id : null;
  const noImport = current.isError && 'status' in current.error && current.error.status === 404;

  let body;
  if (chosen === null && current.isLoading) {
    body = <Spinner minHeight={240} label="Loading your import" />;
  } else if (chosen === null && current.isError && !noImport) {
    body = <LoadFailure what="your import" retry={current.refetch} retrying={current.isFetching} />;
  } else if (shownId) {
    body = (
      <ImportView
        id={shownId}
        initial={chosen ? undefined : latest}
        onDone={() => setChosen({ id: null })}
      />
    );
  } else {
    body = (
      <UploadStep
        onStarted={(job) => {
          dispatch(storeImport(job));
          setChosen({ id: job._id });
        }}
      />
    );
  }

  return (
    <Box>
      <title>{IMPORT_TITLE}</title>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 0.5 }}>
        {IMPORT_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Bring your cars from a CSV file: see what each row would do before anything is saved.
      </Typography>
      {body}
    </Box>
  );
}
