import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import type { ReactNode } from 'react';

/** Spec §9: toast durations by type; loading never expires. */
export const TOAST_DURATION = { blank: 4000, error: 4000, custom: 4000, success: 2000 } as const;
/** At most 20 toasts are kept; a dismissed one is removed 1000 ms later. */
export const MAX_TOASTS = 20;
export const REMOVE_DELAY = 1000;

/** The spec's five toast types (blank, error, success, loading, custom). */
export const notify = {
  blank: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'default', autoHideDuration: TOAST_DURATION.blank }),
  error: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: TOAST_DURATION.error }),
  success: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_DURATION.success }),
  loading: (message: ReactNode): SnackbarKey =>
    enqueueSnackbar(
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={18} color="inherit" aria-hidden />
        {message}
      </Box>,
      { variant: 'info', persist: true, hideIconVariant: true },
    ),
  custom: (content: ReactNode): SnackbarKey =>
    enqueueSnackbar(content, { variant: 'default', autoHideDuration: TOAST_DURATION.custom }),
  dismiss: (key?: SnackbarKey) => closeSnackbar(key),
};
