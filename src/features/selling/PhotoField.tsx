import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type PointerEvent,
} from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../lib/api/imageHost';
import { MAX_PHOTOS, type PhotoItem, type PhotoUploads } from './photoUploads';

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

  const describe = (item: PhotoItem, index: number) =>
    `photo ${index + 1}${index === 0 ? ' (cover)' : ''}`;

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
          {items.map((item, index) => {
            const label = describe(item, index);
            return (
              <Box
                component="li"
                key={item.key}
                data-photo={item.key}
                aria-label={`${label}: ${item.name}`}
                draggable={!disabled}
                onDragStart={(event: DragEvent) => {
                  setDragged(item.key);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', item.key);
                }}
                onDragOver={(event: DragEvent) => {
                  if (dragged) event.preventDefault();
                }}
                onDrop={(event: DragEvent) => {
                  event.preventDefault();
                  if (dragged) photos.move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                sx={{
                  border: 1,
                  borderColor: item.status === 'failed' ? 'error.main' : 'divider',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'background.paper',
                  opacity: dragged === item.key ? 0.5 : 1,
                  cursor: disabled ? 'default' : 'grab',
                }}
              >
                <Box sx={{ position: 'relative', bgcolor: 'grey.100', aspectRatio: '16 / 10' }}>
                  {item.preview ? (
                    <Box
                      component="img"
                      src={item.preview}
                      alt={`${label}: ${item.name}`}
                      draggable={false}
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  ) : (
                    <Typography variant="caption" sx={{ p: 1, display: 'block' }}>
                      {item.name}
                    </Typography>
                  )}
                  {!disabled && items.length > 1 && (
                    // The grip a finger drags the photo by (the page scrolls elsewhere); a mouse
                    // drags the whole photo, a keyboard uses the arrows below.
                    <Box
                      component="span"
                      aria-hidden
                      data-grip
                      title="Drag to change the order"
                      onPointerDown={(event: PointerEvent<HTMLElement>) => {
                        if (event.pointerType === 'mouse') return;
                        touchDrag.current = item.key;
                        setDragged(item.key);
                        try {
                          event.currentTarget.releasePointerCapture(event.pointerId);
                        } catch {
                          // Not captured: nothing to release.
                        }
                      }}
                      sx={{
                        position: 'absolute',
                        top: 4,
                        right: 4,
                        width: 36,
                        height: 36,
                        display: 'grid',
                        placeItems: 'center',
                        borderRadius: '50%',
                        bgcolor: 'rgba(255,255,255,0.9)',
                        color: 'text.primary',
                        fontSize: 20,
                        lineHeight: 1,
                        cursor: 'grab',
                        userSelect: 'none',
                        touchAction: 'none',
                      }}
                    >
                      ⠿
                    </Box>
                  )}
                  {index === 0 && (
                    <Box
                      component="span"
                      sx={{
                        position: 'absolute',
                        top: 6,
                        left: 6,
                        px: 0.75,
                        borderRadius: 1,
                        fontSize: 12,
                        fontWeight: 600,
                        bgcolor: 'rgba(11,31,58,0.85)',
                        color: '#fff',
                      }}
                    >
                      Cover
                    </Box>
                  )}
                </Box>
                <Box sx={{ p: 1 }}>
                  <Typography variant="caption" noWrap component="p" title={item.name}>
                    {item.name}
                  </Typography>
                  {item.status === 'uploading' && (
                    <LinearProgress
                      variant="determinate"
                      value={Math.round(item.progress * 100)}
                      color="secondary"
                      aria-label={`Uploading ${label}`}
                      sx={{ my: 0.75 }}
                    />
                  )}
                  {item.status === 'failed' && (
                    <Box role="alert" sx={{ my: 0.5 }}>
                      <Typography variant="caption" color="error" component="p">
                        Upload failed: {item.error}
                      </Typography>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => photos.retry(item.key)}
                        aria-label={`Retry ${label}`}
                        disabled={disabled}
                      >
                        Retry
                      </Button>
                    </Box>
                  )}
                  <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      data-move="left"
                      aria-label={`Move left: ${label}`}
                      disabled={disabled || index === 0}
                      onClick={() => {
                        photos.move(item.key, index - 1);
                        setFocus({ key: item.key, side: 'left' });
                      }}
                      sx={{ minWidth: 0, px: 1 }}
                    >
                      ←
                    </Button>
                    <Button
                      size="small"
                      data-move="right"
                      aria-label={`Move right: ${label}`}
                      disabled={disabled || index === items.length - 1}
                      onClick={() => {
                        photos.move(item.key, index + 1);
                        setFocus({ key: item.key, side: 'right' });
                      }}
                      sx={{ minWidth: 0, px: 1 }}
                    >
                      →
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Remove ${label}`}
                      disabled={disabled}
                      onClick={() => photos.remove(item.key)}
                      sx={{ ml: 'auto' }}
                    >
                      Remove
                    </Button>
                  </Box>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
