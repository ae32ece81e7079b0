import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/useHydrated';
import { fieldError, isOneLine, ONE_LINE_MESSAGE, textFieldProps } from '../../lib/forms';
import { imageFileSchema } from '../../lib/imageFile';
import { authErrorCode } from '../../lib/auth/firebase';
import { preloadAuthListener } from '../../lib/auth/authListener';
import { useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { AuthCard } from './AuthCard';
import { signInErrorMessage } from './authErrors';
import { registerAccount, RegistrationStepError, type SignUpRole } from './accountThunks';
import { GoogleSignIn } from './GoogleSignIn';
import { PhotoField, ROLE_OPTIONS, roleSchema } from './ProfileFields';
import { useReturnPath } from './useReturnPath';

const REQUIRED = 'Field is required';
export const PASSWORD_MESSAGE = 'Password must be 6 characters or longer.';

const schema = yup.object({
  name: yup
    .string()
    .trim()
    .required(REQUIRED)
    .max(80, 'Use at most 80 characters')
    .test('one-line', ONE_LINE_MESSAGE, isOneLine),
  email: yup.string().trim().required(REQUIRED).email('Enter a valid email address'),
  photo: imageFileSchema(REQUIRED),
  role: roleSchema(REQUIRED),
  password: yup.string().required(REQUIRED).min(6, PASSWORD_MESSAGE),
});

interface Values {
  name: string;
  email: string;
  photo: File | null;
  role: SignUpRole | '';
  password: string;
}

const initialValues: Values = { name: '', email: '', photo: null, role: 'Seller', password: '' };

export function RegisterPage() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = useReturnPath();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);

  const hydrated = useHydrated();
  const form = useFormik<Values>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setProgress(0);
      try {
        await dispatch(
          registerAccount(
            {
              name: values.name.trim(),
              email: values.email.trim(),
              password: values.password,
              photo: values.photo as File,
              role: values.role as SignUpRole,
            },
            setProgress,
          ),
        );
        notify.success('Register successfull');
        navigate(returnPath, { replace: true });
      } catch (error) {
        if (authErrorCode(error) === 'auth/email-already-in-use') {
          notify.error('User already registered');
          helpers.resetForm();
          setFileInputKey((key) => key + 1);
        } else if (error instanceof RegistrationStepError) {
          notify.error(`${error.message} Nothing was kept: please try again.`);
        } else if (authErrorCode(error) === 'auth/weak-password') {
          notify.error(PASSWORD_MESSAGE);
        } else if (authErrorCode(error) === 'auth/invalid-email') {
          notify.error('Enter a valid email address');
        } else if (authErrorCode(error) === 'auth/too-many-requests') {
          // The provider's limit of sign-ups per address (the demo proxy's: 10 an hour).
          notify.error(
            'Too many accounts were made from this address. Wait a while and try again.',
          );
        } else {
          const message = signInErrorMessage(error);
          if (message) notify.error(message);
          else console.error('Registration failed', error);
        }
      } finally {
        setProgress(null);
      }
    },
  });
  const errorOf = (name: keyof Values & string) => fieldError(form, name);
  // Until the page is hydrated the fields take no typing: React would reset what was typed.
  const text = (name: 'name' | 'email' | 'password') => ({
    ...textFieldProps(form, name),
    readOnly: !hydrated,
  });

  return (
    <AuthCard documentTitle="register" title="Register">
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit}
        // The sign-in code loads while the user fills the form in, not with the page.
        onFocus={() => dispatch(preloadAuthListener())}
      >
        <Stack spacing={2.5}>
          <TextInput label="Name" autoComplete="name" {...text('name')} />
          <TextInput label="Email" type="email" autoComplete="email" {...text('email')} />
          <PhotoField
            id="register-photo"
            resetKey={fileInputKey}
            disabled={!hydrated}
            error={errorOf('photo')}
            onChange={(file) => {
              void form.setFieldValue('photo', file);
              void form.setFieldTouched('photo', true, false);
            }}
            onBlur={() => void form.setFieldTouched('photo', true)}
          />
          <SelectInput
            label="Role"
            name="role"
            options={ROLE_OPTIONS}
            value={form.values.role}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            // A choice made before hydration would be reset by it.
            disabled={!hydrated}
            error={Boolean(errorOf('role'))}
            helperText={errorOf('role')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            {...text('password')}
          />
          {progress !== null && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              color="secondary"
              aria-label="Uploading your photo"
            />
          )}
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            size="large"
            disabled={form.isSubmitting || !hydrated}
          >
            {form.isSubmitting ? 'Loading...' : 'Register'}
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to={paths.login} state={location.state}>
          Already have an account?
        </Link>
      </Typography>
      <Divider sx={{ my: 3 }}>or</Divider>
      <GoogleSignIn onSignedIn={() => navigate(returnPath, { replace: true })} />
    </AuthCard>
  );
}
