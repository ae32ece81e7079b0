import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Container } from '../../components/Container';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { notify } from '../notify/notify';
import {
  selectAuthAttempt,
  selectAuthLoading,
  selectAuthUser,
  type AuthRootState,
} from './authSlice';
import { useRole, type Role } from './roles';

/** Where a redirect to /login came from, so login can return there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export const LOGIN_FIRST_MESSAGE = 'Please login first to buy this product';

function SendToLogin() {
  const location = useLocation();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) {
      told.current = true;
      notify.error(LOGIN_FIRST_MESSAGE);
    }
  }, []);
  return (
    <Navigate
      to={paths.login}
      replace
      state={{ from: { pathname: location.pathname, search: location.search } } satisfies FromState}
    />
  );
}

/** A page that needs a signed-in user: else to /login, remembering the origin. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useSelector((state: AuthRootState) => selectAuthUser(state));
  const loading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  if (user) return <>{children}</>;
  if (loading) return <Spinner minHeight={400} label="Checking your session" />;
  return <SendToLogin />;
}

/** A dashboard page for one role: others are told so and pointed to their own pages. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const current = useRole();
  if (current.loading) return <Spinner minHeight={320} label="Checking your access" />;
  if (current.role === role) return <>{children}</>;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <title>Not allowed</title>
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={paths.dashboard} color="inherit">
            My dashboard
          </Button>
        }
      >
        This page is for {role.toLowerCase()}s only.
        {current.role ? ` You are signed in as a ${current.role.toLowerCase()}.` : ''}
      </Alert>
    </Container>
  );
}

/** /register is for signed-out visitors: a signed-in user goes to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSelector((state: AuthRootState) => selectAuthUser(state));
  const attempt = useSelector((state: AuthRootState) => selectAuthAttempt(state));
  // A registration signs the new account in before its last steps: let it finish.
  if (user && attempt !== 'create') return <Navigate to={paths.root} replace />;
  return <>{children}</>;
}
