import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { useGetIsAdminQuery, useGetIsBuyerQuery, useGetIsSellerQuery } from '../api';
import { selectTokenReady, selectUserEmail, type AuthRootState } from './authSlice';

/** The roles, defined once for the web app (the server defines them once for itself). */
export const ROLES = { admin: 'admin', seller: 'seller', buyer: 'buyer' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const roleLabel: Record<Role, string> = { admin: 'Admin', seller: 'Seller', buyer: 'Buyer' };

export interface RoleState {
  /** The signed-in user's role; null while unknown or for an account without a record. */
  role: Role | null;
  /** True until every lookup has answered (false answers settle it too, unlike the seed). */
  loading: boolean;
}

/**
 * The three role lookups of spec §6 (each by email, answering a boolean). They run only when
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
  if (admin.data?.admin) return { role: ROLES.admin, loading: false };
  if (seller.data?.seller) return { role: ROLES.seller, loading: false };
  if (buyer.data?.buyer) return { role: ROLES.buyer, loading: false };
  const settled = [admin, seller, buyer].every((q) => q.isSuccess || q.isError);
  return { role: null, loading: !settled };
}

/** Which dashboard pages each role may open (spec §2 side menu). */
export const policies = {
  viewAllBuyers: (role: Role | null) => role === ROLES.admin,
  viewAllSellers: (role: Role | null) => role === ROLES.admin,
  addProducts: (role: Role | null) => role === ROLES.seller,
  viewMyProducts: (role: Role | null) => role === ROLES.seller,
  placeOrders: (role: Role | null) => role === ROLES.buyer,
} as const;
