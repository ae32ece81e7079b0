/** The gallery's arrows and the round buttons over the photo (the page's and full screen's). */
export const Arrow = ({ left }: { left?: boolean }) => (
  <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable="false">
    <path
      fill="currentColor"
      d={
        left
          ? 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z'
          : 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z'
      }
    />
  </svg>
);

export const overlayButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(11,31,58,0.6)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(11,31,58,0.85)' },
} as const;
