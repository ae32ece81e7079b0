import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { TextInput } from '../../components/TextInput';
import type { Me } from '../../lib/api/account';
import { useSessionDispatch } from '../../lib/auth/session';
import { textFieldProps } from '../../lib/forms';
import { notify } from '../../lib/notify/notify';
import { useZipPlace, ZIP } from '../../lib/zipPlace';
import { SettingsSection } from './SettingsSection';
import { saveSettings, SettingsError } from './settingsThunks';

export const CONTACT_SAVED = 'Your contact details are saved';
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, or leave it empty';
export const PHONE_MESSAGE =
  'Enter 7 to 20 digits, spaces, dashes or brackets (a + first for a country code)';

/** The server's rule: 7 to 20 characters, digits, spaces, dashes, brackets, a leading +. */
const PHONE = /^\+?[0-9(][0-9 ()-]{5,18}[0-9]$/;

const schema = yup.object({
  phone: yup
    .string()
    .trim()
    .test('phone', PHONE_MESSAGE, (phone) => !phone || PHONE.test(phone)),
  zip: yup
    .string()
    .trim()
    .test('zip', ZIP_MESSAGE, (zip) => !zip || ZIP.test(zip)),
});

/**
 * The phone number (shown only to the other party of an accepted booking) and the ZIP code
 * searches start from ('Near' on /cars), with the place it names.
 */
export function ContactSection({ me }: { me: Me }) {
  const dispatch = useSessionDispatch();
  const form = useFormik({
    initialValues: { phone: me.phone ?? '', zip: me.zip ?? '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      const phone = values.phone.trim();
      const zip = values.zip.trim();
      try {
        await dispatch(saveSettings({ phone: phone || null, zip: zip || null }));
        notify.success(CONTACT_SAVED);
        form.resetForm({ values: { phone, zip } });
      } catch (error) {
        notify.error(error instanceof SettingsError ? error.message : 'Please try again.');
      }
    },
  });
  const zipError = form.touched.zip ? form.errors.zip : undefined;
  const zipPlace = useZipPlace(
    form.values.zip,
    zipError,
    'Optional: where your searches for cars nearby start',
  );
  return (
    <SettingsSection
      title="Contact"
      description="Both are optional. Only the other party of a booking you accepted (or that was accepted) sees your phone number; your ZIP code is where your searches start."
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit}>
        <Stack spacing={2.5}>
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            {...textFieldProps(form, 'phone')}
          />
          <TextInput
            label="ZIP code"
            name="zip"
            value={form.values.zip}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            autoComplete="postal-code"
            inputMode="numeric"
            error={Boolean(zipError) || zipPlace.unknown}
            helperText={zipPlace.line}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              color="secondary"
              disabled={form.isSubmitting}
            >
              {form.isSubmitting ? 'Saving…' : 'Save contact details'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
