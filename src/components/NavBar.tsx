import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import { Container } from './Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import {
  selectAuthLoading,
  selectAuthUser,
  selectTokenReady,
  type AuthRootState,
} from '../lib/auth/authSlice';
import { signOut, useSessionDispatch } from '../lib/auth/session';
import type { SessionUser } from '../lib/auth/sessionUser';
import { CompareBarLater } from './CompareBarLater';
import { ActionButton, ActionNavLink, ActionSpan, RoundButton } from './actions';
import { CarIcon, MenuIcon, SearchIcon } from './icons';
import { UserAvatar } from './UserAvatar';

const MobileMenu = lazy(() => import('./MobileMenu'));
// Signed-in users only: the bell's code (and its live stream) never loads for a visitor.
const NotificationBell = lazy(() =>
  import('./NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

interface NavItem {
  label: string;
  to: string;
  /** Kept in place, unseen, while the session is read: the bar does not move when it shows. */
  pending?: boolean;
}

/**
 * What the bar links: always Home and Blogs; signed out, Register and Login; signed
 * in, Dashboad (spelt so). While the session is still being read, Register and Login hold their
 * place unseen (most visitors are signed out, so their bar does not shift).
 */
export function navItems(user: SessionUser | null, loading: boolean): NavItem[] {
  const always = [
    { label: 'Home', to: paths.home },
    { label: 'Blogs', to: paths.blogs },
  ];
  if (user) return [...always, { label: 'Dashboad', to: paths.dashboard }];
  return [
    ...always,
    { label: 'Register', to: paths.register, pending: loading },
    { label: 'Login', to: paths.login, pending: loading },
  ];
}

const linkSx = {
  color: 'inherit',
  fontWeight: 600,
  px: 1.5,
  '&.active': { bgcolor: 'rgba(255,255,255,0.12)' },
} as const;

const SearchBox = styled('input')(({ theme }) => ({
  ...theme.typography.body2,
  flex: '1 1 auto',
  minWidth: 0,
  height: 38,
  padding: '0 10px',
  border: '1px solid rgba(255,255,255,0.35)',
  borderRadius: 19,
  color: '#fff',
  backgroundColor: 'rgba(255,255,255,0.12)',
  '&::placeholder': { color: 'rgba(255,255,255,0.75)', opacity: 1 },
  '&:focus-visible': { outline: '2px solid #ff8a3d', outlineOffset: 1 },
}));

/**
 * The search field of every page: a plain GET form to /cars (it works before the app has
 * started, and without it); in the app it navigates without reloading. On /cars it shows the
 * words of the search on screen.
 */
function TopSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const q =
    location.pathname === paths.cars ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q');
    const words = field instanceof HTMLInputElement ? field.value.trim() : '';
    navigate({
      pathname: paths.cars,
      search: words ? `?${new URLSearchParams({ q: words })}` : '',
    });
  };
  return (
    <Box
      component="form"
      action={paths.cars}
      method="get"
      role="search"
      aria-label="Site search"
      onSubmit={submit}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        flex: '1 1 auto',
        minWidth: 0,
        // A phone gives it a row of its own under the bar's items; wider screens keep it inline.
        order: { xs: 1, sm: 0 },
        flexBasis: { xs: '100%', sm: 'auto' },
        maxWidth: { sm: 360 },
        mr: { sm: 'auto' },
        pb: { xs: 1, sm: 0 },
      }}
    >
      <SearchBox
        key={q}
        type="search"
        name="q"
        defaultValue={q}
        aria-label="Search cars"
        placeholder="Search cars"
        maxLength={200}
        enterKeyHint="search"
      />
      <RoundButton type="submit" aria-label="Search" sx={{ flexShrink: 0 }}>
        <SearchIcon fontSize="small" />
      </RoundButton>
    </Box>
  );
}

/** The CarDealer name and logo, a link home. */
function Brand() {
  return (
    <Box
      component={RouterLink}
      to={paths.root}
      aria-label="CarDealer home"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        mr: { xs: 'auto', sm: 2 },
        minHeight: 56,
        flexShrink: 0,
      }}
    >
      <CarIcon sx={{ color: '#ff8a3d' }} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
        Car
        <Box component="span" sx={{ color: '#ff8a3d' }}>
          Dealer
        </Box>
      </Typography>
    </Box>
  );
}

export function NavBar() {
  const [open, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const user = useSelector((state: AuthRootState) => selectAuthUser(state));
  const loading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  const tokenReady = useSelector((state: AuthRootState) => selectTokenReady(state));
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const items = navItems(user, loading);

  const logOut = async () => {
    setOpen(false);
    await dispatch(signOut());
    navigate(paths.root);
  };

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Container maxWidth="lg">
        <Toolbar
          disableGutters
          sx={{ gap: 1, minHeight: 64, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <Brand />
          <TopSearch />
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, alignItems: 'center' }}
          >
            {items.map((item) =>
              item.pending ? (
                <ActionSpan
                  key={item.to}
                  tone="inherit"
                  aria-hidden
                  sx={{ ...linkSx, visibility: 'hidden' }}
                >
                  {item.label}
                </ActionSpan>
              ) : (
                <ActionNavLink key={item.to} to={item.to} tone="inherit" sx={linkSx}>
                  {item.label}
                </ActionNavLink>
              ),
            )}
            {user && (
              <>
                <Typography
                  component="span"
                  sx={{ mx: 1, fontWeight: 600 }}
                  data-testid="display-name"
                >
                  {user.displayName}
                </Typography>
                <ActionButton type="button" onClick={logOut} tone="inherit" sx={linkSx}>
                  Log out
                </ActionButton>
                <UserAvatar
                  src={user.photoURL}
                  alt={user.displayName ?? 'Your photo'}
                  size={36}
                  sx={{ ml: 0.5, border: '2px solid rgba(255,255,255,0.6)' }}
                />
              </>
            )}
          </Box>
          <CompareBarLater />
          {user && tokenReady && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {user && (
            <UserAvatar
              src={user.photoURL}
              alt={user.displayName ?? 'Your photo'}
              size={32}
              sx={{ display: { md: 'none' } }}
            />
          )}
          <RoundButton
            type="button"
            aria-label="Open menu"
            onClick={() => {
              setMenuWanted(true);
              setOpen(true);
            }}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </RoundButton>
        </Toolbar>
      </Container>
      {/* The drawer's code loads the first time the menu is opened. */}
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onClose={() => setOpen(false)}
            items={items.filter((item) => !item.pending)}
            displayName={user?.displayName}
            onLogOut={user ? logOut : undefined}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
