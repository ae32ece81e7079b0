/** A tick box's or a radio button's row in the filter panel: the box, its label, its count. */
export const checkRow = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  py: 0.5,
  cursor: 'pointer',
  '& input': { width: 18, height: 18, m: 0, accentColor: '#0b1f3a', cursor: 'pointer' },
} as const;
