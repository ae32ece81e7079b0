import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import type { Me } from '../../lib/api/account';
import { selectAuthUser } from '../../lib/auth/authSlice';
import { useSessionDispatch } from '../../lib/auth/session';
import { textFieldProps } from '../../lib/forms';
import { notify } from '../../lib/notify/notify';
import { REQUIRED } from '../../lib/profileSchema';
import { useAppSelector } from '../../app/hooks';
import { SettingsSection } from './SettingsSection';
import { changePassword, SettingsError } from './settingsThunks';

export const PASSWORD_CHANGED = 'Your password is changed';
export const PASSWORDS_DIFFER = 'The two new passwords are not the same';
/** As registration says it. */
const PASSWORD_MESSAGE = 'Password must be 6 characters or longer.';

const schema = yup.object({
  current: yup.string().required(REQUIRED),
  next: yup.string().required(REQUIRED).min(6, PASSWORD_MESSAGE),
  again: yup
    .string()
    .required(REQUIRED)
    .oneOf([yup.ref('next')], PASSWORDS_DIFFER),
});

const empty = { current: '', next: '', again: '' };

/** A password account's new password: the current one, then the new one twice. */
export function PasswordSection(_props: { me: Me }) {
  const dispatch = useSessionDispatch();
  const user = useAppSelector(selectAuthUser);
  const hasPassword = user?.providerData.some((p) => p.providerId === 'password') ?? false;
  const form = useFormik({
    initialValues: empty,
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        await dispatch(changePassword(values.current, values.next));
        notify.success(PASSWORD_CHANGED);
        form.resetForm({ values: empty });
      } catch (error) {
        notify.error(error instanceof SettingsError ? error.message : 'Please try again.');
      }
    },
  });
  if (!hasPassword) {
    return (
      <SettingsSection title="Password">
        <Typography variant="body2">
          You sign in with Google: there is no password to change here.
        </Typography>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection title="Password">
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        {/* The e-mail, for password managers: they file the new password under it. */}
        <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ''} />
        <Stack spacing={2.5}>
          <TextInput
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...textFieldProps(form, 'current')}
          />
          <TextInput
            label="New password"
            type="password"
            autoComplete="new-password"
            {...textFieldProps(form, 'next')}
          />
          <TextInput
            label="New password again"
            type="password"
            autoComplete="new-password"
            {...textFieldProps(form, 'again')}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              color="secondary"
              disabled={form.isSubmitting}
            >
              {form.isSubmitting ? 'Changing…' : 'Change password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
