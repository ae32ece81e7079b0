import { useCallback, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectAuthLoading, selectUserEmail, type AuthRootState } from './authSlice';
import { useRole } from './roles';

/**
 * What a button that opens a dialog for a signed-in user (and sends a visitor to sign in first)
 * reads: the session, the role, where the page is, and the dialog's state. The dialog's code is
 * loaded once first `opened`; `open` says whether it shows.
 */
export function useSignedInDialog() {
  const navigate = useNavigate();
  const location = useLocation();
  const email = useSelector((state: AuthRootState) => selectUserEmail(state));
  const sessionLoading = useSelector((state: AuthRootState) => selectAuthLoading(state));
  const { role, loading } = useRole();
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const openDialog = useCallback(() => {
    setOpened(true);
    setOpen(true);
  }, []);
  const closeDialog = useCallback(() => setOpen(false), []);
  return {
    navigate,
    location,
    email,
    sessionLoading,
    role,
    loading,
    opened,
    open,
    openDialog,
    closeDialog,
  };
}
