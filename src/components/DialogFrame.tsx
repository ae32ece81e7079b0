import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';

interface Props {
  open: boolean;
  onClose?: () => void;
  title: ReactNode;
  /** Given: the dialog is a form, submitted by its actions' submit button. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  fullWidth?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  contentSx?: SxProps<Theme>;
  actionsSx?: SxProps<Theme>;
  /** The buttons at the bottom. */
  actions: ReactNode;
  children: ReactNode;
}

/** A dialog named by its title, with its content and its row of buttons (a form when submitted). */
export function DialogFrame({
  open,
  onClose,
  title,
  onSubmit,
  fullWidth,
  maxWidth,
  contentSx,
  actionsSx,
  actions,
  children,
}: Props) {
  const id = useId();
  const body = (
    <>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent sx={contentSx}>{children}</DialogContent>
      <DialogActions sx={actionsSx}>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth={fullWidth}
      maxWidth={maxWidth}
    >
      {onSubmit ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
