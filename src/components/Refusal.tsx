import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A dialog's opening line (what it is about) and, when the server refused, why. */
export function Refusal({ lead, refusal }: { lead: ReactNode; refusal: string | null }) {
  return (
    <>
      <Typography color="text.secondary">{lead}</Typography>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </>
  );
}
