import { styled } from '@mui/material/styles';
import type * as NotistackModule from 'notistack';

type Content = (typeof NotistackModule)['MaterialDesignContent'];

/**
 * notistack's toasts in the theme's colours: its own (success #43a047, info #2196f3, warning
 * #ff9800) put its white text under WCAG AA's 4.5:1. The content component is passed in, as the
 * library is loaded with the first toast.
 */
export function themedToasts(MaterialDesignContent: Content) {
  const Themed = styled(MaterialDesignContent)(({ theme }) => ({
    '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
    '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
    '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
    '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  }));
  return { success: Themed, error: Themed, info: Themed, warning: Themed };
}
