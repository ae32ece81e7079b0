import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import * as yup from 'yup';
import { useAppSelector } from '../../app/hooks';
import { TextInput } from '../../components/TextInput';
import { paths } from '../../config/paths';
import { selectAccountRecord, selectAuthUser } from '../../lib/auth/authSlice';
import { signOut, useSessionDispatch } from '../../lib/auth/session';
import { textFieldProps } from '../../lib/forms';
import { imageFileSchema } from '../../lib/imageFile';
import { notify } from '../../lib/notify/notify';
import { AuthCard } from './AuthCard';
import { finishRegistration, RegistrationStepError, type SignUpRole } from './accountThunks';
import {
  nameSchema,
  PhotoAndRoleFields,
  REQUIRED,
  RegistrationSubmit,
  roleSchema,
} from './ProfileFields';
import { useReturnPath } from './useReturnPath';

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
      name: nameSchema(),
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
          <PhotoAndRoleFields
            form={form}
            photoId="finish-photo"
            photoDisabled={form.isSubmitting}
          />
          <RegistrationSubmit
            progress={progress}
            submitting={form.isSubmitting}
            disabled={form.isSubmitting}
            label="Finish registration"
          />
          <Button variant="text" onClick={() => void dispatch(signOut())}>
            Log out
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
