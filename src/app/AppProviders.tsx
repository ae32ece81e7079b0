import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastHost } from '../lib/notify/notify';
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
  // One cache for the app's life: a new one would insert every style again.
  const [cache] = useState(() => emotionCache ?? createEmotionCache());
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Provider store={store}>
          <>
            {children}
            <ToastHost />
          </>
        </Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
