import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useSessionDispatch } from '../../lib/auth/session';
import { textFieldProps } from '../../lib/forms';
import { notify } from '../../lib/notify/notify';
import { useHydrated } from '../../lib/useHydrated';
import { AuthCard, AuthSubmit } from './AuthCard';
import { confirmPasswordReset } from './accountThunks';
import { PASSWORD_MESSAGE } from './RegisterPage';
import { isExpiredLink, LINK_EXPIRED } from './linkCodes';

const REQUIRED = 'Field is required';
const schema = yup.object({
  password: yup.string().required(REQUIRED).min(6, PASSWORD_MESSAGE),
  confirm: yup
    .string()
    .required(REQUIRED)
    .oneOf([yup.ref('password')], 'The two passwords differ'),
});

type Outcome = 'changed' | 'expired' | null;

/** A mailed reset link's page: a new password, twice. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const dispatch = useSessionDispatch();
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>(code ? null : 'expired');
  const form = useFormik({
    initialValues: { password: '', confirm: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        await dispatch(confirmPasswordReset(code, values.password));
        setOutcome('changed');
      } catch (error) {
        if (isExpiredLink(error)) setOutcome('expired');
        else notify.error('The password could not be changed. Please try again.');
      }
    },
  });

  return (
    <AuthCard documentTitle="reset password" title="Reset password">
      {outcome === 'changed' && (
        <Alert severity="success" role="status">
          Your password is changed:{' '}
          <Link component={RouterLink} to={paths.login}>
            sign in
          </Link>
        </Alert>
      )}
      {outcome === 'expired' && (
        <Alert severity="warning" role="status">
          {LINK_EXPIRED}:{' '}
          <Link component={RouterLink} to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </Alert>
      )}
      {outcome === null && (
        <Box component="form" noValidate onSubmit={form.handleSubmit}>
          <Stack spacing={2.5}>
            <Typography>Choose a new password of 6 characters or more.</Typography>
            <TextInput
              label="New password"
              type="password"
              autoComplete="new-password"
              readOnly={!hydrated}
              {...textFieldProps(form, 'password')}
            />
            <TextInput
              label="New password again"
              type="password"
              autoComplete="new-password"
              readOnly={!hydrated}
              {...textFieldProps(form, 'confirm')}
            />
            <AuthSubmit
              busy={form.isSubmitting}
              hydrated={hydrated}
              label="Set the password"
              busyLabel="Saving..."
            />
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
