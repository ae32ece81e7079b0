import Box from '@mui/material/Box';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { selectAccountRecord, type AuthRootState } from '../lib/auth/authSlice';
import type { FromState } from '../lib/auth/guards';
import { FooterLater } from './FooterLater';
import { KeepScrollOnLoad } from './KeepScrollOnLoad';
import { NavBar } from './NavBar';

/** An account whose registration was cut short finishes it before anything else. */
function FinishRegistrationFirst() {
  const account = useSelector((state: AuthRootState) => selectAccountRecord(state));
  const { pathname, search } = useLocation();
  if (account !== 'incomplete' || pathname === paths.finishRegistration) return null;
  const state: FromState = { from: { pathname, search } };
  return <Navigate to={paths.finishRegistration} replace state={state} />;
}

/** The navigation bar above every page. */
export function RootLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <FinishRegistrationFirst />
      <NavBar />
      <Outlet />
      <ScrollRestoration />
      <KeepScrollOnLoad />
    </Box>
  );
}

/** Public pages: content, then the footer (the main layout). */
export function MainLayout() {
  return (
    <>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <FooterLater />
    </>
  );
}
