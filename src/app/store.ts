import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { imageHostApi } from '../lib/api/imageHost';
import type { ThunkExtra } from '../lib/auth/authListener';
import { authReducer } from '../lib/auth/authSlice';
import { firebaseAuthService } from '../lib/auth/firebase';
import { addSessionEffects, type SessionStartListening } from '../lib/auth/sessionEffects';

const rootReducer = combineReducers({
  auth: authReducer,
  [api.reducerPath]: api.reducer,
  [imageHostApi.reducerPath]: imageHostApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** The sign-in provider (Firebase; tests may pass another implementation). */
  extra?: ThunkExtra;
}

/** One store for the app (and a fresh one per test). Redux DevTools is on in development. */
export function makeStore({
  preloadedState,
  extra = { authService: firebaseAuthService },
}: StoreOptions = {}) {
  const listener = createListenerMiddleware({ extra });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: {
          // An upload's File and progress callback stay in the image host's mutation arguments.
          ignoredPaths: [/^imageHost\.mutations\./],
        },
      })
        .prepend(listener.middleware)
        .concat(api.middleware, imageHostApi.middleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  addSessionEffects(listener.startListening as SessionStartListening);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
