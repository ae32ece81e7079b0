import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

/** The picture of a user who has none (or whose photo will not load). */
export const DEFAULT_AVATAR = '/images/avatar.svg';

/**
 * A user's round photo, or the default picture when there is none or it will not load. An
 * <img> of its own rather than MUI's Avatar, whose code (its loading state, fallback icon and
 * slots) the public pages would load before they are interactive.
 */
export function UserAvatar({
  src,
  alt,
  size,
  sx,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
  sx?: SxProps<Theme>;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = src && src !== broken ? src : DEFAULT_AVATAR;
  return (
    <Box
      component="img"
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      onError={() => {
        if (shown !== DEFAULT_AVATAR) setBroken(shown);
      }}
      sx={[
        {
          width: size,
          height: size,
          borderRadius: '50%',
          objectFit: 'cover',
          flexShrink: 0,
          bgcolor: 'grey.300',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
