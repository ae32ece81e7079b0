import Box from '@mui/material/Box';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { RoundButton } from '../../components/actions';
import type { PhotoCopy } from '../../lib/api';
import { fullScreenImage, responsiveImage } from '../../lib/images';
import { Arrow, overlayButton } from './galleryParts';

/** How far a finger must travel sideways to turn the photo (CSS px). */
const SWIPE = 40;

// Up to the 640 px copy, as the cards: the 1600 px one is for full screen (on a phone of three
// device pixels per CSS pixel it would be chosen here too, and it is several times heavier).
const MAIN_SLOT = { width: 960, sizes: '(max-width: 899px) 100vw, 760px' };
const THUMB_SLOT = { width: 96 };

// Full screen loads when first opened: it is not part of the page's first paint.
const FullScreen = lazy(async () => ({
  default: (await import('./GalleryFullScreen')).FullScreen,
}));

interface Props {
  /** Every photo, the cover first. */
  photos: readonly string[];
  /** Each photo's copies, in order, as the answer lists them (`photosCopies`). */
  copies?: readonly (readonly PhotoCopy[])[];
  /** The car's name, for the photos' descriptions. */
  name: string;
}

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
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </Box>
  );
}
