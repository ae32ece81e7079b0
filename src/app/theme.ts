import { createTheme } from '@mui/material/styles';
import { FONT_STACK } from '../../api/shared/fonts';

export const brand = {
  navy: '#0b1f3a',
  navyLight: '#16345f',
  orange: '#ff6a13',
  orangeDark: '#d9530a',
  paper: '#ffffff',
  mist: '#f4f6fa',
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: brand.navy, light: brand.navyLight, contrastText: '#fff' },
    // A darker orange than the logo's, so white text on it meets contrast guidelines.
    secondary: { main: '#c2410c', dark: '#9a3412', contrastText: '#fff' },
    // Darker than MUI's, so white text on a filled chip or a toast meets WCAG AA (4.5:1): the
    // defaults (#ed6c02, #0288d1) give 3.1:1 and 3.9:1.
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
    background: { default: brand.mist, paper: brand.paper },
    text: { primary: '#13233d', secondary: '#4a5a73' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e3e8f0' } },
    },
  },
});
