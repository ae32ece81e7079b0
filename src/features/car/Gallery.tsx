import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { RoundButton } from '../../components/actions';
import type { PhotoCopy } from '../../lib/api';
import { fullScreenImage, responsiveImage, type ResponsiveImage } from '../../lib/images';

/** How far a finger must travel sideways to turn the photo (CSS px). */
const SWIPE = 40;

// Up to the 640 px copy, as the cards: the 1600 px one is for full screen (on a phone of three
// device pixels per CSS pixel it would be chosen here too, and it is several times heavier).
const MAIN_SLOT = { width: 960, sizes: '(max-width: 899px) 100vw, 760px' };
const THUMB_SLOT = { width: 96 };

interface Props {
  /** Every photo, the cover first. */
  photos: readonly string[];
  /** Each photo's copies, in order, as the answer lists them (`photosCopies`). */
  copies?: readonly (readonly PhotoCopy[])[];
  /** The car's name, for the photos' descriptions. */
  name: string;
}

const Arrow = ({ left }: { left?: boolean }) => (
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

const overlayButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(11,31,58,0.6)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(11,31,58,0.85)' },
} as const;

/**
 * A car's photos: a large one, thumbnails to pick from, Left/Right arrow keys while the gallery
 * has focus, a swipe on a touch screen, and full screen (the 1600 px copy, or the photo as
 * uploaded when it has none) closed by Escape. Plain elements: no modal code on this public page.
 */
export function Gallery({ photos, copies, name }: Props) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const fullButton = useRef<HTMLButtonElement>(null);
  const count = photos.length;
  const current = Math.min(index, count - 1);
  const copiesOf = (i: number): PhotoCopy[] | undefined => {
    const found = copies?.[i];
    return found && found.length > 0 ? [...found] : undefined;
  };
  const alt = (i: number) => (count > 1 ? `${name}, photo ${i + 1} of ${count}` : name);
  const go = (step: number) => setIndex((i) => (Math.min(i, count - 1) + step + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId || count < 2) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => (start.current = null),
  };

  const image = responsiveImage(photos[current], copiesOf(current), MAIN_SLOT);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{
        outline: 'none',
        borderRadius: 2,
        '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.secondary.main}` },
      }}
    >
      <Box
        {...swipe}
        sx={{
          position: 'relative',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'grey.100',
          touchAction: 'pan-y',
          userSelect: 'none',
        }}
      >
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          alt={alt(current)}
          width={960}
          height={600}
          draggable={false}
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '16 / 10',
            objectFit: 'cover',
          }}
        />
        {count > 1 && (
          <>
            <RoundButton
              type="button"
              aria-label="Previous photo"
              onClick={() => go(-1)}
              sx={{ ...overlayButton, left: 8 }}
            >
              <Arrow left />
            </RoundButton>
            <RoundButton
              type="button"
              aria-label="Next photo"
              onClick={() => go(1)}
              sx={{ ...overlayButton, right: 8 }}
            >
              <Arrow />
            </RoundButton>
          </>
        )}
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
            ref={fullButton}
            onClick={() => setFull(true)}
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
      </Box>
      {count > 1 && (
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
                onClick={() => setIndex(i)}
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
      )}
      {full && (
        <FullScreen
          image={fullScreenImage(photos[current], copiesOf(current))}
          alt={alt(current)}
          count={count}
          onStep={go}
          onClose={() => {
            setFull(false);
            fullButton.current?.focus();
          }}
        />
      )}
    </Box>
  );
}

/** The photo as large as the screen allows; Escape (or Close) ends it. */
function FullScreen({
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
