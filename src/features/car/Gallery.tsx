import Box from '@mui/material/Box';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { RoundButton } from '../../components/actions';
import type { PhotoCopy } from '../../lib/api';
import { fullScreenImage, responsiveImage } from '../../lib/images';
import { Arrow, overlayButton, PhotoCorner, Thumbnails } from './galleryParts';

/** How far a finger must travel sideways to turn the photo (CSS px). */
const SWIPE = 40;

// Up to the 640 px copy, as the cards: the 1600 px one is for full screen (on a phone of three
// device pixels per CSS pixel it would be chosen here too, and it is several times heavier).
const MAIN_SLOT = { width: 960, sizes: '(max-width: 899px) 100vw, 760px' };

// Full screen loads when first opened: it is not part of the page's first paint.
const FullScreen = lazy(async () => ({
  default: (await import('./GalleryFullScreen')).FullScreen,
}));

/** A sideways swipe of a finger (or pen, or mouse) on the photo turns it: `go(1)` or `go(-1)`. */
function useSwipe(count: number, go: (step: number) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
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
}

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

  const swipe = useSwipe(count, go);

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
        <PhotoCorner
          current={current}
          count={count}
          buttonRef={fullButton}
          onFullScreen={() => setFull(true)}
        />
      </Box>
      {count > 1 && (
        <Thumbnails photos={photos} copiesOf={copiesOf} current={current} onPick={setIndex} />
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
