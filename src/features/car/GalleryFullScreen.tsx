import Box from '@mui/material/Box';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { RoundButton } from '../../components/actions';
import type { ResponsiveImage } from '../../lib/images';
import { Arrow, overlayButton } from './galleryParts';

/** The photo as large as the screen allows; Escape (or Close) ends it. */
export function FullScreen({
  image,
  alt,
  count,
  onStep,
  onClose,
}: {
  image: ResponsiveImage;
  alt: string;
  count: number;
  onStep: (step: number) => void;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-label="Full screen photo"
      onKeyDown={(event: KeyboardEvent) => {
        // Arrow keys reach the gallery's own handler (this sits inside it).
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else if (event.key === 'Tab') {
          // The only control here is Close: focus stays on it.
          event.preventDefault();
        }
      }}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal,
        bgcolor: '#0b0b0b',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Box
        component="img"
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={alt}
        draggable={false}
        sx={{ maxWidth: '100vw', maxHeight: '100vh', objectFit: 'contain' }}
      />
      {count > 1 && (
        <>
          <RoundButton
            type="button"
            tabIndex={-1}
            aria-label="Previous photo"
            onClick={() => onStep(-1)}
            sx={{ ...overlayButton, left: 12 }}
          >
            <Arrow left />
          </RoundButton>
          <RoundButton
            type="button"
            tabIndex={-1}
            aria-label="Next photo"
            onClick={() => onStep(1)}
            sx={{ ...overlayButton, right: 12 }}
          >
            <Arrow />
          </RoundButton>
        </>
      )}
      <RoundButton
        ref={close}
        type="button"
        aria-label="Close full screen"
        onClick={onClose}
        sx={{
          position: 'absolute',
          top: 12,
          right: 12,
          color: '#fff',
          bgcolor: 'rgba(255,255,255,0.15)',
        }}
      >
        <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden focusable="false">
          <path
            fill="currentColor"
            d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
          />
        </svg>
      </RoundButton>
    </Box>
  );
}
