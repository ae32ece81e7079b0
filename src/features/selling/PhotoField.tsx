import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../lib/api/imageHost';
import { MAX_PHOTOS, type PhotoUploads } from './photoUploads';
import { PhotoTile } from './PhotoTile';

interface Props {
  photos: PhotoUploads;
  /** 'Required' (or another message) once the form was sent without a photo. */
  error?: string;
  disabled?: boolean;
}

const HELP = `1 to ${MAX_PHOTOS} photos: JPEG, PNG, WebP or GIF, up to 5 MB each. The first is the cover; drag a photo (on a touch screen, by its ⠿ grip) or use its arrows to change the order.`;

/**
 * The photos of a car (Add product, Edit): choose several at once, each uploads with its own
 * progress; a failed one says why and offers Retry; remove, and reorder by dragging or with the
 * 'Move left' / 'Move right' buttons (keyboard); on a touch screen a finger drags a photo by its
 * grip (pointer events: touch browsers fire no drag events). The first is the cover.
 */
export function PhotoField({ photos, error, disabled }: Props) {
  const [refused, setRefused] = useState<string[]>([]);
  const [dragged, setDragged] = useState<string | null>(null);
  // After a move by button, focus follows the photo to its new place.
  const [focus, setFocus] = useState<{ key: string; side: 'left' | 'right' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A photo dragged by its grip with a finger or a pen (touch screens fire no drag events).
  const touchDrag = useRef<string | null>(null);
  const { items } = photos;
  const full = items.length >= MAX_PHOTOS;

  useEffect(() => {
    if (!focus) return;
    const index = items.findIndex((item) => item.key === focus.key);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(
      `[data-photo="${focus.key}"] button[data-move]`,
    );
    const wanted = [...(buttons ?? [])].find(
      (button) => button.dataset.move === focus.side && !button.disabled,
    );
    // At an end the button just pressed is disabled: the other one takes the focus.
    (wanted ?? [...(buttons ?? [])].find((button) => !button.disabled))?.focus();
    if (index >= 0) setFocus(null);
  }, [focus, items]);

  /** The place of the photo under a point of the screen; -1 outside the photos. */
  const placeAt = (x: number, y: number) => {
    const tile = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-photo]');
    return tile ? items.findIndex((item) => item.key === tile.dataset.photo) : -1;
  };
  const endTouchDrag = (event: PointerEvent, drop: boolean) => {
    const key = touchDrag.current;
    if (!key) return;
    touchDrag.current = null;
    setDragged(null);
    const place = drop ? placeAt(event.clientX, event.clientY) : -1;
    if (place >= 0) photos.move(key, place);
  };

  const describe = (index: number) => `photo ${index + 1}${index === 0 ? ' (cover)' : ''}`;

  return (
    <Box>
      <Typography
        component="label"
        htmlFor="product-photo"
        variant="body2"
        sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}
      >
        Product photo
      </Typography>
      <Box
        component="input"
        id="product-photo"
        name="photos"
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        disabled={disabled || full}
        aria-invalid={Boolean(error)}
        aria-describedby="product-photo-help"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const input = event.currentTarget;
          setRefused(photos.add([...(input.files ?? [])]));
          input.value = '';
        }}
        sx={{
          display: 'block',
          width: '100%',
          p: 1.5,
          border: 1,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: error ? 'error.main' : 'divider',
          bgcolor: 'background.default',
          font: 'inherit',
        }}
      />
      <FormHelperText id="product-photo-help" error={Boolean(error)}>
        {error ?? HELP}
      </FormHelperText>
      {refused.map((reason) => (
        <FormHelperText key={reason} error>
          {reason}
        </FormHelperText>
      ))}
      {items.length > 0 && (
        <Box
          component="ol"
          ref={list}
          aria-label="Photos"
          // The finger is lifted wherever it is: over another photo, that is the new place.
          onPointerUp={(event: PointerEvent) => endTouchDrag(event, true)}
          onPointerCancel={(event: PointerEvent) => endTouchDrag(event, false)}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1.5,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          }}
        >
          {items.map((item, index) => (
            <PhotoTile
              key={item.key}
              {...{ item, index, photos, disabled, dragged, setDragged }}
              label={describe(index)}
              onMoved={(side) => setFocus({ key: item.key, side })}
              onGrip={() => {
                touchDrag.current = item.key;
                setDragged(item.key);
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
