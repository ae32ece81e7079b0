import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { ActionButton } from '../../components/actions';

/**
 * The filters on a phone: a sheet from the left over the browser's own modal `<dialog>`, which
 * brings focus trapping, Escape, the backdrop and an inert page behind for nothing (MUI's
 * Drawer would bring its Modal machinery to a public page).
 */
export function FiltersDrawer({
  open,
  onClose,
  footer,
  children,
}: {
  open: boolean;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A browser without showModal (old ones, jsdom) shows it as a plain open dialog.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <Box
      component="dialog"
      ref={ref}
      aria-labelledby="filters-drawer-title"
      // Escape closes the dialog itself; the page's state follows.
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      sx={{
        m: 0,
        p: 0,
        border: 0,
        width: 'min(360px, 88vw)',
        maxWidth: 'none',
        height: '100dvh',
        maxHeight: 'none',
        bgcolor: 'background.paper',
        boxShadow: '4px 0 24px rgba(0,0,0,0.25)',
        '&[open]': { display: 'flex', flexDirection: 'column' },
        '&::backdrop': { backgroundColor: 'rgba(11,31,58,0.5)' },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography id="filters-drawer-title" component="h2" variant="h6">
          Filters
        </Typography>
        <ActionButton type="button" onClick={onClose}>
          Close
        </ActionButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 2 }}>{children}</Box>
      <Box sx={{ px: 2, py: 1.5, borderTop: '1px solid', borderColor: 'divider' }}>{footer}</Box>
    </Box>
  );
}
