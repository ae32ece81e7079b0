import { styled } from '@mui/material/styles';

/**
 * A small label, like MUI's outlined small Chip, without the Chip's clickable-chip machinery
 * (ButtonBase) that the cards never use: the home page loads less for it.
 */
export const Tag = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'inline-flex',
  alignItems: 'center',
  height: 24,
  padding: '0 8px',
  borderRadius: 12,
  border: `1px solid ${theme.palette.grey[400]}`,
  fontSize: theme.typography.pxToRem(13),
  lineHeight: 1,
  whiteSpace: 'nowrap',
}));
