import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** The navigation bar above every page. */
export function RootLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavBar />
      <Outlet />
      <ScrollRestoration />
    </Box>
  );
}

/** Public pages: content, then the footer (spec §2 main layout). */
export function MainLayout() {
  return (
    <>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
