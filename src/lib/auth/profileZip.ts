import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { api } from '../api';
import { selectTokenReady, selectUserEmail, type AuthRootState } from './authSlice';

/**
 * The signed-in account's own settings (`GET /api/me`), once its access token is here; undefined
 * while signed out or loading.
 */
export function useMe() {
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const tokenReady = useSelector((state: AuthRootState) => selectTokenReady(state));
  return api.endpoints.getMe.useQuery(email && tokenReady ? undefined : skipToken);
}

/** The ZIP code of the signed-in account's settings ('Near' starts there); '' without one. */
export function useProfileZip(): string {
  return useMe().currentData?.zip ?? '';
}
