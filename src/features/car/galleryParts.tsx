import Box from '@mui/material/Box';
import type { RefObject } from 'react';
import type { PhotoCopy } from '../../lib/api';
import { responsiveImage } from '../../lib/images';

const THUMB_SLOT = { width: 96 };

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

interface CornerProps {
  current: number;
  count: number;
  /** The Full screen button, focused again when full screen closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onFullScreen: () => void;
}

/** The photo's corner: which photo of how many (when several), and the Full screen button. */
export function PhotoCorner({ current, count, buttonRef, onFullScreen }: CornerProps) {
  return (
    <Box
      sx={{
        position: 'absolute',
        bottom: 8,
        right: 8,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
      }}
    >
      {count > 1 && (
        <Box
          component="span"
          aria-live="polite"
          sx={{
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(11,31,58,0.7)',
            color: '#fff',
            fontSize: 13,
          }}
        >
          {current + 1} / {count}
        </Box>
      )}
      <Box
        component="button"
        type="button"
        ref={buttonRef}
        onClick={onFullScreen}
        sx={{
          font: 'inherit',
          fontSize: 13,
          px: 1,
          py: 0.25,
          border: 0,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: 'rgba(11,31,58,0.7)',
          color: '#fff',
          '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
        }}
      >
        Full screen
      </Box>
    </Box>
  );
}

interface ThumbnailsProps {
  photos: readonly string[];
  /** A photo's copies, when it has any. */
  copiesOf: (index: number) => PhotoCopy[] | undefined;
  current: number;
  onPick: (index: number) => void;
}

/** A row of thumbnails, one button per photo, the current one pressed. */
export function Thumbnails({ photos, copiesOf, current, onPick }: ThumbnailsProps) {
  const count = photos.length;
  return (
    <Box
      role="group"
      aria-label="Choose a photo"
      sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }}
    >
      {photos.map((url, i) => {
        const thumb = responsiveImage(url, copiesOf(i), THUMB_SLOT);
        return (
          <Box
            key={`${url}-${i}`}
            component="button"
            type="button"
            aria-label={`Show photo ${i + 1} of ${count}`}
            aria-pressed={i === current}
            onClick={() => onPick(i)}
            sx={{
              flex: '0 0 auto',
              p: 0,
              border: 2,
              borderColor: i === current ? 'secondary.main' : 'transparent',
              borderRadius: 1,
              overflow: 'hidden',
              cursor: 'pointer',
              bgcolor: 'grey.100',
              lineHeight: 0,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Box
              component="img"
              src={thumb.src}
              srcSet={thumb.srcSet}
              sizes={thumb.sizes}
              alt=""
              width={80}
              height={50}
              loading="lazy"
              draggable={false}
              sx={{ width: 80, height: 50, objectFit: 'cover', display: 'block' }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
