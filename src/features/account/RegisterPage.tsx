import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/useHydrated';
import { textFieldProps } from '../../lib/forms';
import { imageFileSchema } from '../../lib/imageFile';
import { authErrorCode } from '../../lib/auth/firebase';
import { preloadAuthListener } from '../../lib/auth/authListener';
import { useSessionDispatch } from '../../lib/auth/session';
import { notify } from '../../lib/notify/notify';
import { AuthCard } from './AuthCard';
import { signInErrorMessage } from './authErrors';
import { registerAccount, RegistrationStepError, type SignUpRole } from './accountThunks';
import { GoogleSignIn } from './GoogleSignIn';
import {
  nameSchema,
  PhotoAndRoleFields,
  REQUIRED,
  RegistrationSubmit,
  roleSchema,
} from './ProfileFields';
import { useReturnPath } from './useReturnPath';

export const PASSWORD_MESSAGE = 'Password must be 6 characters or longer.';

const schema = yup.object({
  name: nameSchema(),
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

/**
 * Tells the user why the registration failed; an address already registered also clears the
 * form (through `onAlreadyRegistered`).
 */
function reportRegistrationError(error: unknown, onAlreadyRegistered: () => void) {
  if (authErrorCode(error) === 'auth/email-already-in-use') {
    notify.error('User already registered');
    onAlreadyRegistered();
  } else if (error instanceof RegistrationStepError) {
    notify.error(`${error.message} Nothing was kept: please try again.`);
  } else if (authErrorCode(error) === 'auth/weak-password') {
    notify.error(PASSWORD_MESSAGE);
  } else if (authErrorCode(error) === 'auth/invalid-email') {
    notify.error('Enter a valid email address');
  } else if (authErrorCode(error) === 'auth/too-many-requests') {
    // The provider's limit of sign-ups per address (the demo proxy's: 10 an hour).
    notify.error('Too many accounts were made from this address. Wait a while and try again.');
  } else {
    const message = signInErrorMessage(error);
    if (message) notify.error(message);
    else console.error('Registration failed', error);
  }
}

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
        reportRegistrationError(error, () => {
          helpers.resetForm();
          setFileInputKey((key) => key + 1);
        });
      } finally {
        setProgress(null);
      }
    },
  });
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
          <PhotoAndRoleFields
            form={form}
            photoId="register-photo"
            resetKey={fileInputKey}
            photoDisabled={!hydrated}
            // A choice made before hydration would be reset by it.
            roleDisabled={!hydrated}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="new-password"
            {...text('password')}
          />
          <RegistrationSubmit
            progress={progress}
            submitting={form.isSubmitting}
            disabled={form.isSubmitting || !hydrated}
            label="Register"
          />
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
