import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DragEvent, PointerEvent } from 'react';
import type { PhotoItem, PhotoUploads } from './photoUploads';

interface TileProps {
  item: PhotoItem;
  index: number;
  /** 'photo 1 (cover)': how the photo's buttons name it. */
  label: string;
  photos: PhotoUploads;
  disabled?: boolean;
  /** The photo being dragged by a mouse or a finger, if any. */
  dragged: string | null;
  setDragged: (key: string | null) => void;
  /** A move button moved the photo (focus follows it). */
  onMoved: (side: 'left' | 'right') => void;
  /** A finger or a pen took the photo by its grip. */
  onGrip: () => void;
}

/** One photo of the car: dragged to another place, or moved, retried and removed by buttons. */
export function PhotoTile(props: TileProps) {
  const { item, index, label, photos, disabled, dragged, setDragged } = props;
  return (
    <Box
      component="li"
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
      <TilePicture {...props} count={photos.items.length} />
      <TileControls {...props} count={photos.items.length} />
    </Box>
  );
}

type PartProps = TileProps & { count: number };

/** The photo (or its name while it has no preview), its grip and, first, the 'Cover' badge. */
function TilePicture({ item, index, label, disabled, count, onGrip }: PartProps) {
  return (
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
      {!disabled && count > 1 && (
        // The grip a finger drags the photo by (the page scrolls elsewhere); a mouse
        // drags the whole photo, a keyboard uses the arrows below.
        <Box
          component="span"
          aria-hidden
          data-grip
          title="Drag to change the order"
          onPointerDown={(event: PointerEvent<HTMLElement>) => {
            if (event.pointerType === 'mouse') return;
            onGrip();
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
  );
}

/** The photo's name, its upload's progress or failure, and its move and remove buttons. */
function TileControls({ item, index, label, photos, disabled, count, onMoved }: PartProps) {
  return (
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
            onMoved('left');
          }}
          sx={{ minWidth: 0, px: 1 }}
        >
          ←
        </Button>
        <Button
          size="small"
          data-move="right"
          aria-label={`Move right: ${label}`}
          disabled={disabled || index === count - 1}
          onClick={() => {
            photos.move(item.key, index + 1);
            onMoved('right');
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
  );
}
