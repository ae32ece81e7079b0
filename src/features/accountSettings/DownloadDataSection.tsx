import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { DATA_FILE_NAME, useDownloadMyDataMutation } from '../../lib/api/accountLeaving';
import { SettingsSection } from './SettingsSection';

/** Hands an object URL to the browser as a file to save, then lets it go. */
function save(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = DATA_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Download my data': everything the marketplace keeps about the account, as one JSON file. */
export function DownloadDataSection() {
  const [download, { isLoading, error }] = useDownloadMyDataMutation();
  const [saved, setSaved] = useState(false);

  const onClick = async () => {
    setSaved(false);
    const result = await download();
    if ('data' in result && result.data) {
      save(result.data);
      setSaved(true);
    }
  };

  return (
    <SettingsSection title="Download my data">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        One file ({DATA_FILE_NAME}) with your account, your cars and their prices, your bookings and
        their messages, saved cars and searches, notifications, reviews, the reports you filed and
        the moderators&apos; decisions about you. Once every 10 minutes.
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      {saved ? (
        <Alert severity="success" sx={{ mb: 1.5 }}>
          Your data is downloaded: {DATA_FILE_NAME}
        </Alert>
      ) : null}
      <Button variant="outlined" onClick={() => void onClick()} disabled={isLoading}>
        {isLoading ? 'Preparing your data…' : 'Download my data'}
      </Button>
    </SettingsSection>
  );
}
