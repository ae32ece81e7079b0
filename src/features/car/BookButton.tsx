import { lazy, Suspense } from 'react';
import { ActionButton } from '../../components/actions';
import { paths } from '../../config/paths';
import type { CarDetails } from '../../lib/api';
import type { FromState } from '../../lib/auth/guards';
import { useSignedInDialog } from '../../lib/auth/useSignedInDialog';

// The booking dialog (MUI Dialog and TextFields) loads only when a buyer opens it.
const BookingDialog = lazy(async () => ({
  default: (await import('../../components/BookingDialog')).BookingDialog,
}));

export const BOOK = 'Book this car';

/**
 * 'Book this car': a signed-out visitor signs in first and comes back here; a buyer gets the
 * booking dialog. The car's own seller and admins (and other sellers, whom the server refuses)
 * see no button.
 */
export function BookButton({ car }: { car: CarDetails }) {
  const { navigate, location, email, sessionLoading, role, loading, opened, open, ...dialog } =
    useSignedInDialog();

  if (sessionLoading) return null;
  if (!email) {
    return (
      <ActionButton
        type="button"
        variant="contained"
        tone="secondary"
        size="large"
        onClick={() =>
          navigate(paths.login, {
            state: {
              from: { pathname: location.pathname, search: location.search },
            } satisfies FromState,
          })
        }
      >
        {BOOK}
      </ActionButton>
    );
  }
  if (loading || role !== 'Buyer' || car.email.toLowerCase() === email.toLowerCase()) return null;
  return (
    <>
      <ActionButton
        type="button"
        variant="contained"
        tone="secondary"
        size="large"
        onClick={dialog.openDialog}
      >
        {BOOK}
      </ActionButton>
      {opened && (
        <Suspense fallback={null}>
          <BookingDialog product={car} open={open} onClose={dialog.closeDialog} />
        </Suspense>
      )}
    </>
  );
}
