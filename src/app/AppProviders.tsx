import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MAX_TOASTS, REMOVE_DELAY } from '../lib/notify/notify';
import type { AppStore } from './store';
import { theme } from './theme';
import { createEmotionCache } from './createEmotionCache';

interface Props {
  store: AppStore;
  emotionCache?: EmotionCache;
  children: ReactNode;
}

/** Everything a screen needs around it: store, theme, styles, toasts. */
export function AppProviders({ store, emotionCache, children }: Props) {
  return (
    <CacheProvider value={emotionCache ?? createEmotionCache()}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Provider store={store}>
          <SnackbarProvider
            maxSnack={MAX_TOASTS}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            transitionDuration={{ enter: 225, exit: REMOVE_DELAY }}
          >
            {children}
          </SnackbarProvider>
        </Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
