/**
 * The heart that saves a car ('Save' / 'Saved', a toggle button). Signed out, it leads to /login
 * and back with `?save=<id>` in the address it comes back to, as 'Book this car' does; back and
 * signed in, the car is saved and the mark leaves the address. Its code (and the saved cars'
 * endpoints) load once the page is interactive: see SaveHeart.
 */
import { styled } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api';
import { useGetSavedCarsQuery, useSaveCarMutation, useUnsaveCarMutation } from '../lib/api/saved';
import {
  selectAuthLoading,
  selectTokenReady,
  selectUserEmail,
  type AuthRootState,
} from '../lib/auth/authSlice';
import type { FromState } from '../lib/auth/guards';
import { notify } from '../lib/notify/notify';

/** The address's mark of a car to save once the visitor is back from signing in. */
export const SAVE_PARAM = 'save';

export interface SaveButtonProps {
  carId: string;
  /** On a card: a round heart over the photo; on a car's page: a heart with its word. */
  look: 'card' | 'page';
}

const Heart = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  margin: 0,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 999,
  background: '#fff',
  color: theme.palette.text.primary,
  font: 'inherit',
  fontWeight: 600,
  fontSize: '0.875rem',
  cursor: 'pointer',
  '&[aria-pressed="true"]': { color: '#b3261e' },
  '&:hover': { borderColor: theme.palette.secondary.main },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  // Disabled while the session or the saved list loads: a quieter colour that still reads (a
  // faded button would fall under the contrast a page needs, for as long as it waits).
  '&:disabled': { color: theme.palette.text.secondary, cursor: 'default' },
  '&.card': {
    position: 'absolute',
    top: 8,
    right: 8,
    // Above the card's stretched link (its ::after covers the card).
    zIndex: 1,
    padding: 8,
    boxShadow: '0 1px 3px rgba(11,31,58,0.2)',
  },
  '&.page': { padding: '6px 14px' },
}));

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden focusable="false">
    <path
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      d="M12 20.3 10.6 19C5.4 14.4 2 11.3 2 7.5 2 4.4 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1C13.1 2.8 14.8 2 16.5 2 19.6 2 22 4.4 22 7.5c0 3.8-3.4 6.9-8.6 11.5z"
    />
  </svg>
);

export function SaveButton({ carId, look }: SaveButtonProps) {
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const sessionLoading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tokenReady = useSelector((state: AuthRootState) => selectTokenReady(state));
  const list = useGetSavedCarsQuery(email && tokenReady ? undefined : skipToken);
  const [save, saving] = useSaveCarMutation();
  const [unsave] = useUnsaveCarMutation();
  const saved = saving.isLoading || Boolean(list.data?.some((entry) => entry.productId === carId));

  async function change(toSaved: boolean) {
    try {
      if (toSaved) await save({ productId: carId }).unwrap();
      else await unsave({ productId: carId }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, 'The car could not be saved. Please try again.'));
    }
  }

  // Back from signing in to save this car: save it once, and take the mark out of the address.
  const returned = email !== null && tokenReady && params.get(SAVE_PARAM) === carId;
  const done = useRef(false);
  useEffect(() => {
    if (!returned || done.current) return;
    done.current = true;
    void change(true);
    const rest = new URLSearchParams(params);
    rest.delete(SAVE_PARAM);
    setParams(rest, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [returned]);

  function press() {
    if (email) return void change(!saved);
    const search = new URLSearchParams(location.search);
    search.set(SAVE_PARAM, carId);
    navigate(paths.login, {
      state: { from: { pathname: location.pathname, search: `?${search}` } } satisfies FromState,
    });
  }

  return (
    <Heart
      type="button"
      className={look}
      aria-pressed={saved}
      aria-label={look === 'card' ? (saved ? 'Saved' : 'Save') : undefined}
      title={saved ? 'Saved: press to remove it from your saved cars' : 'Save this car'}
      disabled={sessionLoading || (email !== null && (!tokenReady || list.isLoading))}
      onClick={press}
    >
      <HeartIcon filled={saved} />
      {look === 'page' && (saved ? 'Saved' : 'Save')}
    </Heart>
  );
}
