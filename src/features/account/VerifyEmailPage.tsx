import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { useConfirmEmailMutation } from '../../lib/api/accountLinks';
import { useSessionDispatch } from '../../lib/auth/session';
import { AuthCard } from './AuthCard';
import { applyEmailCode } from './accountThunks';
import { isExpiredLink, LINK_EXPIRED } from './linkCodes';

type State = { step: 'working' } | { step: 'confirmed' } | { step: 'failed'; message: string };

/**
 * A mailed confirmation link's page: applies the code with the sign-in provider, then reports it
 * to the server, which asks the provider and records the confirmed e-mail.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const dispatch = useSessionDispatch();
  const [confirmEmail] = useConfirmEmailMutation();
  const [state, setState] = useState<State>(
    code ? { step: 'working' } : { step: 'failed', message: LINK_EXPIRED },
  );
  // Once per code, even when an effect runs twice.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    void (async () => {
      try {
        await dispatch(applyEmailCode(code));
      } catch (error) {
        const message = isExpiredLink(error) ? LINK_EXPIRED : 'The e-mail could not be confirmed';
        return setState({ step: 'failed', message });
      }
      const reported = await confirmEmail({ body: { oobCode: code } });
      setState(
        'error' in reported
          ? { step: 'failed', message: errorMessage(reported.error) }
          : { step: 'confirmed' },
      );
    })();
  }, [code, dispatch, confirmEmail]);

  return (
    <AuthCard documentTitle="confirm e-mail" title="Confirm your e-mail">
      {state.step === 'working' && <Spinner minHeight={80} label="Confirming your e-mail" />}
      {state.step === 'confirmed' && (
        <Alert severity="success" role="status">
          Your e-mail is confirmed.{' '}
          <Link component={RouterLink} to={paths.dashboard}>
            Open your dashboard
          </Link>
        </Alert>
      )}
      {state.step === 'failed' && (
        <Alert severity="warning" role="status">
          {state.message}
        </Alert>
      )}
    </AuthCard>
  );
}
