import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { ActionButton } from './actions';
import { selectAuthLoading, selectUserEmail, type AuthRootState } from '../lib/auth/authSlice';
import type { ReportTarget } from './ReportDialog';

// The dialog (MUI Dialog, radios, a text field, the report call) loads when first opened: a
// car's page is at its bundle budget.
const ReportDialog = lazy(async () => ({
  default: (await import('./ReportDialog')).ReportDialog,
}));

interface Props extends ReportTarget {
  /**
   * The e-mail of whoever the target is or belongs to: they see no button. A seller's page does
   * not know it (the API does not publish e-mails); the API refuses a report of oneself (400).
   */
  ownerEmail?: string;
  /** A line before the button ('Something wrong with this listing?'). */
  prompt?: string;
}

/** 'Report' on a car's or a seller's page; its dialog asks a signed-out visitor to sign in. */
export function ReportButton({ ownerEmail, prompt, ...target }: Props) {
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const sessionLoading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  if (sessionLoading || (email && ownerEmail && email.toLowerCase() === ownerEmail.toLowerCase()))
    return null;
  return (
    <>
      {prompt && <Typography variant="body2">{prompt}</Typography>}
      <ActionButton
        type="button"
        variant="text"
        tone="inherit"
        size="small"
        aria-label={`Report this ${target.targetKind === 'product' ? 'listing' : 'seller'}`}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Report
      </ActionButton>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog {...target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
