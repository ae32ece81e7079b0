import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import {
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
} from '../../lib/api/accountLinks';
import { signOut, useSessionDispatch } from '../../lib/auth/session';
import { AuthCard } from './AuthCard';
import { LINK_EXPIRED } from './linkCodes';

type State =
  { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** Sends the link's code once (even when an effect runs twice); answers the page's state. */
function useLinkCode(
  code: string,
  send: (code: string) => Promise<{ data: { message: string } } | { error: unknown }>,
): State {
  const signedIn = useAppSelector((state) => state.auth.user !== null);
  const dispatch = useSessionDispatch();
  const [state, setState] = useState<State>(
    code ? { step: 'working' } : { step: 'failed', message: LINK_EXPIRED },
  );
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    void (async () => {
      const result = await send(code);
      if ('error' in result) {
        setState({ step: 'failed', message: errorMessage(result.error) });
        return;
      }
      // The session of this browser named the old address (or was signed out everywhere).
      if (signedIn) await dispatch(signOut());
      setState({ step: 'done', message: result.data.message });
    })();
  }, [code, send, signedIn, dispatch]);
  return state;
}

function LinkOutcome({ state, working }: { state: State; working: string }) {
  return (
    <>
      {state.step === 'working' && <Spinner minHeight={80} label={working} />}
      {state.step === 'done' && (
        <Alert severity="success" role="status">
          {state.message}.{' '}
          <Link component={RouterLink} to={paths.login}>
            Sign in
          </Link>
        </Alert>
      )}
      {state.step === 'failed' && (
        <Alert severity="warning" role="status">
          {state.message}
        </Alert>
      )}
    </>
  );
}

/** The new address's mailed link: the change of e-mail takes effect. */
export function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const [confirm] = useConfirmEmailChangeMutation();
  const state = useLinkCode(params.get('oobCode') ?? '', (oobCode) =>
    confirm({ body: { oobCode } }),
  );
  return (
    <AuthCard documentTitle="confirm new e-mail" title="Confirm your new e-mail">
      <LinkOutcome state={state} working="Changing your e-mail" />
    </AuthCard>
  );
}

/** The old address's mailed link: the change is undone and every session signed out. */
export function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const [undo] = useUndoEmailChangeMutation();
  const state = useLinkCode(params.get('code') ?? '', (code) => undo({ body: { code } }));
  return (
    <AuthCard documentTitle="undo e-mail change" title="Undo the change of e-mail">
      <LinkOutcome state={state} working="Giving your account its e-mail back" />
    </AuthCard>
  );
}
