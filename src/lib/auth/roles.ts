import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { useGetIsAdminQuery, useGetIsBuyerQuery, useGetIsSellerQuery, type User } from '../api';
import { selectTokenReady, selectUserEmail, type AuthRootState } from './authSlice';

/**
 * The roles, as the contract names them ('Admin', 'Seller', 'Buyer'): the server defines them,
 * the web app takes the type (a renamed or added role breaks the build, e.g. the side menu's
 * `Record<Role, …>`). The name is also what the screens show.
 */
export type Role = User['userRole'];

export interface RoleState {
  /** The signed-in user's role; null while unknown or for an account without a record. */
  role: Role | null;
  /** True until every lookup has answered (false answers settle it too, unlike the seed). */
  loading: boolean;
}

/**
 * The three role lookups of the API (each by email, answering a boolean). They run only when
 * the email and the access token are present.
 */
export function useRole(): RoleState {
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const tokenReady = useSelector((state: AuthRootState) => selectTokenReady(state));
  const arg = email && tokenReady ? { email } : skipToken;
  const admin = useGetIsAdminQuery(arg);
  const seller = useGetIsSellerQuery(arg);
  const buyer = useGetIsBuyerQuery(arg);
  if (!email) return { role: null, loading: false };
  if (admin.data?.admin) return { role: 'Admin', loading: false };
  if (seller.data?.seller) return { role: 'Seller', loading: false };
  if (buyer.data?.buyer) return { role: 'Buyer', loading: false };
  const settled = [admin, seller, buyer].every((q) => q.isSuccess || q.isError);
  return { role: null, loading: !settled };
}
