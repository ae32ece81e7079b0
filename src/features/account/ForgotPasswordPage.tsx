import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { useRequestPasswordResetMutation } from '../../lib/api/accountLinks';
import { textFieldProps } from '../../lib/forms';
import { notify } from '../../lib/notify/notify';
import { useHydrated } from '../../lib/useHydrated';
import { AuthCard, AuthSubmit } from './AuthCard';

const schema = yup.object({
  email: yup.string().trim().required('Field is required').email('Enter an e-mail address'),
});

/** 'Forgot password?': asks for a mail with a link to set a new password. */
export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [requestReset] = useRequestPasswordResetMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        const sent = await requestReset({ body: { email: values.email.trim() } }).unwrap();
        setAnswer(sent.message);
      } catch (error) {
        notify.error(errorMessage(error));
      }
    },
  });

  return (
    <AuthCard documentTitle="forgot password" title="Forgot password">
      {answer ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {answer}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit}>
          <Stack spacing={2.5}>
            <Typography>
              Type the e-mail of your account: we mail you a link to set a new password.
            </Typography>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              readOnly={!hydrated}
              {...textFieldProps(form, 'email')}
            />
            <AuthSubmit
              busy={form.isSubmitting}
              hydrated={hydrated}
              label="Send the link"
              busyLabel="Sending..."
            />
          </Stack>
        </Box>
      )}
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.login}>
          Back to login
        </Link>
      </Typography>
    </AuthCard>
  );
}
