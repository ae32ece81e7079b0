import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { useAppSelector } from '../../app/hooks';
import { SelectInput } from '../../components/SelectInput';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { selectAccountRecord, selectAuthUser } from '../../lib/auth/authSlice';
import { signOut, useSessionDispatch } from '../../lib/auth/session';
import { fieldError, isOneLine, ONE_LINE_MESSAGE, textFieldProps } from '../../lib/forms';
import { imageFileSchema } from '../../lib/imageFile';
import { notify } from '../../lib/notify/notify';
import { AuthCard } from './AuthCard';
import { finishRegistration, RegistrationStepError, type SignUpRole } from './accountThunks';
import { PhotoField, ROLE_OPTIONS, roleSchema } from './ProfileFields';
import { useReturnPath } from './useReturnPath';

const REQUIRED = 'Field is required';

interface Values {
  name: string;
  photo: File | null;
  role: SignUpRole | '';
}

/**
 * A sign-in account whose registration was cut short (the page closed before the user record
 * was saved) lands here at its next sign-in: one short form asks for what is missing, then the
 * user is signed in as usual.
 */
export function FinishRegistrationPage() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const user = useAppSelector(selectAuthUser);
  const account = useAppSelector(selectAccountRecord);
  const [progress, setProgress] = useState<number | null>(null);
  const hasPhoto = Boolean(user?.photoURL);

  const form = useFormik<Values>({
    initialValues: { name: user?.displayName ?? '', photo: null, role: 'Seller' },
    validationSchema: yup.object({
      name: yup
        .string()
        .trim()
        .required(REQUIRED)
        .max(80, 'Use at most 80 characters')
        .test('one-line', ONE_LINE_MESSAGE, isOneLine),
      // A photo set before the registration stopped is kept unless another is chosen.
      photo: hasPhoto ? imageFileSchema(REQUIRED).notRequired() : imageFileSchema(REQUIRED),
      role: roleSchema(REQUIRED),
    }),
    onSubmit: async (values) => {
      setProgress(0);
      try {
        await dispatch(
          finishRegistration(
            { name: values.name.trim(), photo: values.photo, role: values.role as SignUpRole },
            setProgress,
          ),
        );
        notify.success('Register successfull');
        navigate(returnPath === paths.finishRegistration ? paths.root : returnPath, {
          replace: true,
        });
      } catch (error) {
        if (error instanceof RegistrationStepError) notify.error(`${error.message} Try again.`);
        else {
          console.error('Finishing the registration failed', error);
          notify.error('Your account could not be saved. Try again.');
        }
      } finally {
        setProgress(null);
      }
    },
  });

  if (!user) return <Navigate to={paths.login} replace />;
  if (account === 'complete') return <Navigate to={paths.root} replace />;
  const errorOf = (name: keyof Values & string) => fieldError(form, name);

  return (
    <AuthCard documentTitle="finish registration" title="Finish your registration">
      <Alert severity="info" sx={{ mb: 3 }}>
        Your registration was not finished. Tell us what is missing and your account is ready.
      </Alert>
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <Stack spacing={2.5}>
          <TextInput label="Name" autoComplete="name" {...textFieldProps(form, 'name')} />
          <Typography>
            Email: <strong>{user.email}</strong>
          </Typography>
          {hasPhoto && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={user.photoURL ?? undefined} alt="" />
              <Typography variant="body2">
                Your photo is saved; choose another to change it.
              </Typography>
            </Stack>
          )}
          <PhotoField
            id="finish-photo"
            disabled={form.isSubmitting}
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
            error={Boolean(errorOf('role'))}
            helperText={errorOf('role')}
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
            disabled={form.isSubmitting}
          >
            {form.isSubmitting ? 'Loading...' : 'Finish registration'}
          </Button>
          <Button variant="text" onClick={() => void dispatch(signOut())}>
            Log out
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
