import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/useHydrated';
import { textFieldProps } from '../../lib/forms';
import { preloadAuthListener } from '../../lib/auth/authListener';
import { useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { AuthCard, AuthSubmit } from './AuthCard';
import { signInErrorMessage } from './authErrors';
import { signInWithPassword } from './accountThunks';
import { GoogleSignIn } from './GoogleSignIn';
import { useReturnPath } from './useReturnPath';

const REQUIRED = 'Field is required';
const schema = yup.object({
  email: yup.string().trim().required(REQUIRED),
  password: yup.string().required(REQUIRED),
});

/** The demo accounts (local demo mode only): a click fills the form. */
const demoAccounts = [
  { label: 'Seller', email: 'seller@cardealer.dev' },
  { label: 'Buyer', email: 'buyer@cardealer.dev' },
  { label: 'Admin', email: 'admin@cardealer.dev' },
];
const DEMO_PASSWORD = 'cardealer123';

export function LoginPage() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  const goBack = () => navigate(returnPath, { replace: true });

  const hydrated = useHydrated();
  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        await dispatch(signInWithPassword(values.email.trim(), values.password));
        goBack();
      } catch (error) {
        const message = signInErrorMessage(error);
        if (message) notify.error(message);
        else console.error('Sign-in failed', error);
      }
    },
  });

  return (
    <AuthCard documentTitle="login" title="Login">
      {env.mode === 'demo' && (
        <Alert severity="info" icon={false} sx={{ mb: 3 }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            Demo accounts (password {DEMO_PASSWORD})
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {demoAccounts.map((account) => (
              <Stack
                component="li"
                key={account.email}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center' }}
              >
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ minWidth: 72 }}
                  onClick={() =>
                    void form.setValues({ email: account.email, password: DEMO_PASSWORD })
                  }
                  aria-label={`Use the demo ${account.label.toLowerCase()}: ${account.email}`}
                >
                  {account.label}
                </Button>
                {/* Readable and copyable, not only the button's accessible name. */}
                <Typography component="span" variant="body2" sx={{ userSelect: 'all' }}>
                  {account.email}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        // The sign-in code loads while the user fills the form in, not with the page.
        onFocus={() => dispatch(preloadAuthListener())}
      >
        <Stack spacing={2.5}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            // Until the page is hydrated the fields take no typing: React would reset it.
            readOnly={!hydrated}
            {...textFieldProps(form, 'email')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            readOnly={!hydrated}
            {...textFieldProps(form, 'password')}
          />
          <AuthSubmit
            busy={form.isSubmitting}
            hydrated={hydrated}
            label="Login"
            busyLabel="Loading..."
          />
        </Stack>
      </Box>
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.forgotPassword}>
          Forgot password?
        </Link>
      </Typography>
      <Typography sx={{ mt: 1 }}>
        New to cardealer?{' '}
        <Link component={RouterLink} to={paths.register} state={location.state}>
          Register
        </Link>
      </Typography>
      <Divider sx={{ my: 3 }}>or</Divider>
      <GoogleSignIn onSignedIn={goBack} />
    </AuthCard>
  );
}
