import { useLocation } from 'react-router-dom';
import type { FromState } from '../../lib/auth/guards';

/** Where to go after signing in: the remembered page, else the home page. */
export function useReturnPath(): string {
  const state = useLocation().state as FromState | null;
  const from = state?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
}
