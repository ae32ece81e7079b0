import Box from '@mui/material/Box';
import type { PhotoCopy } from '../lib/api';
import { responsiveImage } from '../lib/images';
import { Tag } from './Tag';

/** The cards' width: the whole phone, half the screen in two columns, else about 400 px. */
const CARD_SLOT = {
  width: 640,
  sizes: '(max-width: 599px) 100vw, (max-width: 1199px) 50vw, 400px',
};

/** A car's photo at the cards' 16:10 size, with its category as a badge. */
export function CarPhoto({
  src,
  copies,
  alt,
  category,
  priority = false,
}: {
  src: string;
  /** The photo's copies as the answer lists them (`carPhotoCopies`). */
  copies?: PhotoCopy[];
  alt: string;
  category: string;
  /** In the first screenful: loaded at once, and the very first before other images. */
  priority?: boolean | 'high';
}) {
  const image = responsiveImage(src, copies, CARD_SLOT);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="img"
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt={alt}
        width={640}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: '16 / 10',
          objectFit: 'cover',
          display: 'block',
          bgcolor: 'grey.100',
        }}
      />
      <Tag
        sx={{
          position: 'absolute',
          top: 12,
          left: 12,
          border: 0,
          bgcolor: 'rgba(11,31,58,0.85)',
          color: '#fff',
          fontWeight: 600,
        }}
      >
        {category}
      </Tag>
    </Box>
  );
}
