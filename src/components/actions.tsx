/**
 * Buttons and links for the code every page loads first (navigation bar, footer, home page,
 * error notices). They look like MUI's Button and IconButton but are plain styled elements:
 * MUI's ButtonBase brings its ripple and focus machinery (about 8 KB gzip) to the first load,
 * and these pages do not need them. Screens loaded later use MUI's Button as usual.
 */
import { styled, type Theme } from '@mui/material/styles';
import type { CSSObject } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';

export interface ActionLook {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium' | 'large';
  tone?: 'primary' | 'secondary' | 'inherit';
}

// MUI Button's paddings, font sizes and line height, so both look the same side by side.
const padding = {
  contained: { small: '4px 10px', medium: '6px 16px', large: '8px 22px' },
  outlined: { small: '3px 9px', medium: '5px 15px', large: '7px 21px' },
  text: { small: '4px 5px', medium: '6px 8px', large: '8px 11px' },
} as const;
const fontSize = { small: '0.8125rem', medium: '0.875rem', large: '0.9375rem' } as const;

function look({
  theme,
  variant = 'text',
  size = 'medium',
  tone = 'primary',
}: ActionLook & { theme: Theme }): CSSObject {
  const palette = tone === 'inherit' ? null : theme.palette[tone];
  const main = palette ? palette.main : 'currentColor';
  const contained = variant === 'contained';
  return {
    ...(theme.typography.button as CSSObject),
    fontSize: fontSize[size],
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: 64,
    margin: 0,
    padding: padding[variant][size],
    borderRadius: theme.shape.borderRadius,
    border: variant === 'outlined' ? `1px solid color-mix(in srgb, ${main} 50%, transparent)` : 0,
    color: contained && palette ? palette.contrastText : palette ? palette.main : 'inherit',
    backgroundColor: contained ? main : 'transparent',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create(['background-color', 'border-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
    '&:hover': {
      backgroundColor:
        contained && palette ? palette.dark : `color-mix(in srgb, ${main} 8%, transparent)`,
      ...(variant === 'outlined' ? { borderColor: main } : {}),
    },
    '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
    '&:disabled': { opacity: 0.6, cursor: 'default', pointerEvents: 'none' },
  };
}

// The look's own props, and what MUI's styled consumes itself, never reach the DOM.
const lookProps = new Set<PropertyKey>([
  'variant',
  'size',
  'tone',
  'sx',
  'ownerState',
  'theme',
  'as',
]);
const forward = { shouldForwardProp: (prop: PropertyKey) => !lookProps.has(prop) };

/** A link inside the app that looks like a button. */
export const ActionLink = styled(RouterLink, forward)<ActionLook>(look);

/** A navigation link (marked `.active` on its page) that looks like a text button. */
export const ActionNavLink = styled(NavLink, forward)<ActionLook>(look);

/** Text that takes a button's place and size (kept hidden while a state is unknown). */
export const ActionSpan = styled('span', forward)<ActionLook>(look);

/** A plain anchor (an in-page `#section`) that looks like a button. */
export const ActionAnchor = styled('a', forward)<ActionLook>(look);

/** A button. */
export const ActionButton = styled('button', forward)<ActionLook>(look);

/** A round icon button, like MUI's IconButton. */
export const RoundButton = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 8,
  margin: 0,
  border: 0,
  borderRadius: '50%',
  color: 'inherit',
  backgroundColor: 'transparent',
  fontSize: theme.typography.pxToRem(24),
  cursor: 'pointer',
  transition: theme.transitions.create('background-color', {
    duration: theme.transitions.duration.shortest,
  }),
  '&:hover': { backgroundColor: 'color-mix(in srgb, currentColor 8%, transparent)' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
}));

const ErrorIcon = () => (
  <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden focusable="false">
    <path
      fill="currentColor"
      d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8"
    />
  </svg>
);

const NoticeBox = styled('div')(({ theme }) => ({
  ...(theme.typography.body2 as CSSObject),
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  // MUI's standard error Alert colours.
  backgroundColor: '#fdeded',
  color: '#5f2120',
  '& > svg': { flexShrink: 0, color: theme.palette.error.main },
  '& > .notice-text': { flexGrow: 1, padding: '8px 0' },
}));

/** An error message with an action, like MUI's error Alert (role="alert"). */
export function ErrorNotice({
  children,
  action,
  minHeight,
}: {
  children: ReactNode;
  action?: ReactNode;
  minHeight?: number;
}) {
  return (
    <NoticeBox role="alert" style={minHeight ? { minHeight } : undefined}>
      <ErrorIcon />
      <div className="notice-text">{children}</div>
      {action}
    </NoticeBox>
  );
}
