import Box, { type BoxProps } from '@mui/material/Box';

type Props = Omit<BoxProps, 'maxWidth'> & {
  /** The widest it grows: the theme's breakpoint of that name (lg: 1200 px). */
  maxWidth?: 'sm' | 'md' | 'lg';
};

/**
 * The page's width, centred with side gutters, as MUI's Container draws it (16 px gutters on a
 * phone, 24 px from `sm`), in a Box: Container's own code (its breakpoint styles and variants)
 * weighed on every page's start-up script.
 */
export function Container({ maxWidth = 'lg', sx, ...props }: Props) {
  return (
    <Box
      {...props}
      sx={[
        { width: '100%', boxSizing: 'border-box', mx: 'auto', px: { xs: 2, sm: 3 }, maxWidth },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
