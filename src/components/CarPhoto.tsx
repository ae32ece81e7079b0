import Box from '@mui/material/Box';
import { responsiveImage } from '../lib/images';
import { Tag } from './Tag';

/** A car's photo at the cards' 16:10 size, with its category as a badge. */
export function CarPhoto({ src, alt, category }: { src: string; alt: string; category: string }) {
  const image = responsiveImage(src, 640);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="img"
        src={image.src}
        alt={alt}
        width={640}
        height={400}
        loading="lazy"
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
