import Box from '@mui/material/Box';
import type * as NotistackModule from 'notistack';
import type { OptionsObject, SnackbarKey } from 'notistack';
import { SpinnerIcon } from '../../components/Spinner';
import { loadOnce } from '../loadOnce';
import { themedToasts } from './themedToasts';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Toast durations by type; loading never expires. */
export const TOAST_DURATION = { blank: 4000, error: 4000, custom: 4000, success: 2000 } as const;
/** At most 20 toasts are kept; a dismissed one is removed 1000 ms later. */
export const MAX_TOASTS = 20;
export const REMOVE_DELAY = 1000;

/** The loaded library: its provider, and the toasts in the theme's colours. */
interface Library {
  SnackbarProvider: (typeof NotistackModule)['SnackbarProvider'];
  components: ReturnType<typeof themedToasts>;
}
interface ProviderApi {
  enqueueSnackbar(message: ReactNode, options: OptionsObject): SnackbarKey;
  closeSnackbar(key?: SnackbarKey): void;
}
interface Request {
  message: ReactNode;
  options: OptionsObject & { key: SnackbarKey };
}

/*
 * The toast library loads with the first toast, not with the page: requests made before it has
 * arrived wait in a queue, and the <ToastHost> shows them as soon as it has mounted it. A failed
 * download is tried again at the next toast.
 */
const loadLibrary = loadOnce(async (): Promise<Library> => {
  const { SnackbarProvider, MaterialDesignContent } = await import('notistack');
  return { SnackbarProvider, components: themedToasts(MaterialDesignContent) };
});
/** The library once it has loaded (a host mounted later takes it from here). */
let loaded: Library | null = null;
let host: ProviderApi | null = null;
const queue: Request[] = [];
const wanted = new Set<(library: Library) => void>();
let counter = 0;

function flush(): void {
  if (!host) return;
  for (const request of queue.splice(0)) host.enqueueSnackbar(request.message, request.options);
}

function show(message: ReactNode, options: OptionsObject): SnackbarKey {
  counter += 1;
  const key = `toast-${counter}`;
  queue.push({ message, options: { ...options, key } });
  // A failed download is tried again at the next toast; the waiting ones are shown then.
  void loadLibrary().then(
    (library) => {
      loaded = library;
      wanted.forEach((listener) => listener(library));
    },
    (error: unknown) => console.error('The toast library could not be loaded', error),
  );
  flush();
  return key;
}

/** Mounts the toast container once the library has loaded (rendered once by the app's providers). */
export function ToastHost() {
  const [library, setLibrary] = useState<Library | null>(null);
  const api = useRef<ProviderApi | null>(null);
  useEffect(() => {
    const listener = (loadedLibrary: Library) => setLibrary(loadedLibrary);
    wanted.add(listener);
    if (loaded) listener(loaded);
    return () => {
      wanted.delete(listener);
    };
  }, []);
  useEffect(() => {
    if (!library || !api.current) return;
    host = api.current;
    flush();
    return () => {
      host = null;
    };
  }, [library]);
  if (!library) return null;
  const { SnackbarProvider, components } = library;
  return (
    <SnackbarProvider
      Components={components}
      ref={(instance: unknown) => {
        api.current = instance as ProviderApi | null;
      }}
      maxSnack={MAX_TOASTS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      transitionDuration={{ enter: 225, exit: REMOVE_DELAY }}
    />
  );
}

/** The five toast types (blank, error, success, loading, custom). */
export const notify = {
  blank: (message: ReactNode): SnackbarKey =>
    show(message, { variant: 'default', autoHideDuration: TOAST_DURATION.blank }),
  error: (message: ReactNode): SnackbarKey =>
    show(message, { variant: 'error', autoHideDuration: TOAST_DURATION.error }),
  success: (message: ReactNode): SnackbarKey =>
    show(message, { variant: 'success', autoHideDuration: TOAST_DURATION.success }),
  loading: (message: ReactNode): SnackbarKey =>
    show(
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
        <SpinnerIcon size={18} />
        {message}
      </Box>,
      { variant: 'info', persist: true, hideIconVariant: true },
    ),
  custom: (content: ReactNode): SnackbarKey =>
    show(content, { variant: 'default', autoHideDuration: TOAST_DURATION.custom }),
  dismiss: (key?: SnackbarKey) => {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (key === undefined || queue[i].options.key === key) queue.splice(i, 1);
    }
    host?.closeSnackbar(key);
  },
};
