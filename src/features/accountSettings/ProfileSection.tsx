import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import type { Me } from '../../lib/api/account';
import { useSessionDispatch } from '../../lib/auth/session';
import { fieldError, textFieldProps } from '../../lib/forms';
import { imageFileSchema } from '../../lib/imageFile';
import { notify } from '../../lib/notify/notify';
import { PhotoField } from '../../components/ProfilePhotoField';
import { nameSchema } from '../../lib/profileSchema';
import { SettingsSection } from './SettingsSection';
import { saveProfile, SettingsError } from './settingsThunks';

export const PROFILE_SAVED = 'Your profile is saved';

const schema = yup.object({
  name: nameSchema(),
  // Optional here: without a new file the photo stays.
  photo: imageFileSchema(null),
});

/** The name and photo the seller's page, their cars and their conversations show. */
export function ProfileSection({ me }: { me: Me }) {
  const dispatch = useSessionDispatch();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const form = useFormik<{ name: string; photo: File | null }>({
    initialValues: { name: me.name, photo: null },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        await dispatch(
          saveProfile({ name: values.name.trim(), photo: values.photo }, (fraction) =>
            setProgress(fraction),
          ),
        );
        notify.success(PROFILE_SAVED);
        form.resetForm({ values: { name: values.name.trim(), photo: null } });
        setFileKey((key) => key + 1);
      } catch (error) {
        notify.error(error instanceof SettingsError ? error.message : 'Please try again.');
      } finally {
        setProgress(null);
      }
    },
  });
  return (
    <SettingsSection
      title="Profile"
      description="Buyers see your name and photo on your seller page, your cars and your messages."
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Avatar
              src={me.userImg || undefined}
              alt={me.userImg ? `${me.name}'s photo` : undefined}
              sx={{ width: 56, height: 56 }}
            >
              {me.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: 1 }}>
              <PhotoField
                id="settings-photo"
                resetKey={fileKey}
                disabled={form.isSubmitting}
                error={fieldError(form, 'photo')}
                help="A new photo: a JPEG, PNG, WebP or GIF image, up to 5 MB"
                onChange={(file) => {
                  void form.setFieldValue('photo', file);
                  void form.setFieldTouched('photo', true, false);
                }}
                onBlur={() => void form.setFieldTouched('photo', true)}
              />
            </Box>
          </Box>
          <TextInput label="Name" autoComplete="name" {...textFieldProps(form, 'name')} />
          {progress !== null && (
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              color="secondary"
              aria-label="Uploading your photo"
            />
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              color="secondary"
              disabled={form.isSubmitting}
            >
              {form.isSubmitting ? 'Saving…' : 'Save profile'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
