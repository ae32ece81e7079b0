import { lazy, Suspense, useEffect } from 'react';
import { ActionButton } from '../../components/actions';
import { paths } from '../../config/paths';
import type { FromState } from '../../lib/auth/guards';
import { useSignedInDialog } from '../../lib/auth/useSignedInDialog';
import type { CarSearch } from './searchParams';

export const SAVE_SEARCH = 'Save this search';
/** The mark a visitor sent to sign in comes back with: the dialog then opens by itself. */
const SAVE_HASH = '#save-search';

// The dialog (MUI Dialog and an input) loads when it is first opened.
const SaveSearchDialog = lazy(async () => ({
  default: (await import('./SaveSearchDialog')).SaveSearchDialog,
}));

/**
 * 'Save this search' on /cars: a signed-out visitor signs in first and comes back to the same
 * search with the dialog open; buyers and sellers get the dialog. Admins see no button.
 */
export function SaveSearchButton({ search }: { search: CarSearch }) {
  const { navigate, location, email, sessionLoading, role, loading, opened, open, ...dialog } =
    useSignedInDialog();
  const { openDialog } = dialog;
  const allowed = role === 'Buyer' || role === 'Seller';
  const back = location.hash === SAVE_HASH && Boolean(email) && !loading;

  useEffect(() => {
    if (!back) return;
    void navigate(
      { search: location.search, hash: '' },
      { replace: true, preventScrollReset: true },
    );
    if (allowed) openDialog();
  }, [back, allowed, navigate, location.search, openDialog]);

  if (sessionLoading) return null;
  if (!email) {
    const from = { pathname: location.pathname, search: location.search, hash: SAVE_HASH };
    return (
      <ActionButton
        type="button"
        variant="outlined"
        onClick={() => navigate(paths.login, { state: { from } satisfies FromState })}
      >
        {SAVE_SEARCH}
      </ActionButton>
    );
  }
  if (loading || !allowed) return null;
  return (
    <>
      <ActionButton
        type="button"
        variant="outlined"
        aria-haspopup="dialog"
        onClick={dialog.openDialog}
      >
        {SAVE_SEARCH}
      </ActionButton>
      {opened && (
        <Suspense fallback={null}>
          <SaveSearchDialog search={search} open={open} onClose={dialog.closeDialog} />
        </Suspense>
      )}
    </>
  );
}
