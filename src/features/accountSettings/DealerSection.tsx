import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { QueryState } from '../../components/QueryState';
import { TextInput } from '../../components/TextInput';
import { errorMessage } from '../../lib/api';
import type { Me } from '../../lib/api/account';
import {
  useDeleteMyDealerMutation,
  useGetMyDealerQuery,
  usePutMyDealerMutation,
  type DealerProfile,
} from '../../lib/api/dealer';
import { textFieldProps } from '../../lib/forms';
import { notify } from '../../lib/notify/notify';
import { useZipPlace, ZIP } from '../../lib/zipPlace';
import { PHONE_MESSAGE } from './ContactSection';
import { SettingsSection } from './SettingsSection';

export const DEALER_SAVED = 'Your dealer profile is saved';
export const DEALER_REMOVED = 'Your dealer profile is removed: you show as a private seller';
export const HOURS_MESSAGE = "Write days and times as 'Mo-Fr 09:00-18:00, Sa 10:00-14:00'";
export const WEBSITE_MESSAGE = 'Enter an address starting with https:// or http://';

/** The server's rules (the phone's as the contact section's; hours as schema.org writes them). */
const PHONE = /^\+?[0-9(][0-9 ()-]{5,18}[0-9]$/;
const DAY = '(Mo|Tu|We|Th|Fr|Sa|Su)';
const DAYS = `${DAY}(-${DAY})?(,${DAY}(-${DAY})?)*`;
const TIME = '([01][0-9]|2[0-3]):[0-5][0-9]';
const ENTRY = `${DAYS} ${TIME}-(${TIME}|24:00)`;
const HOURS = new RegExp(`^${ENTRY}(, ${ENTRY})*$`);
const WEBSITE = /^https?:\/\/[^\s/]+\.[^\s]+$/;

const schema = yup.object({
  name: yup.string().trim().required('Enter the business name').max(100),
  address: yup.string().trim().required('Enter the street address').max(200),
  zip: yup
    .string()
    .trim()
    .required('Enter a 5-digit ZIP code')
    .matches(ZIP, 'Enter a 5-digit ZIP code'),
  phone: yup.string().trim().required('Enter a phone number').matches(PHONE, PHONE_MESSAGE),
  hours: yup
    .string()
    .trim()
    .max(200)
    .test('hours', HOURS_MESSAGE, (hours) => !hours || HOURS.test(hours)),
  website: yup
    .string()
    .trim()
    .max(200)
    .test('website', WEBSITE_MESSAGE, (site) => !site || WEBSITE.test(site)),
});

type Values = yup.InferType<typeof schema>;

const valuesOf = (dealer: DealerProfile | null): Required<Values> => ({
  name: dealer?.name ?? '',
  address: dealer?.address ?? '',
  zip: dealer?.zip ?? '',
  phone: dealer?.phone ?? '',
  hours: dealer?.hours ?? '',
  website: dealer?.website ?? '',
});

function DealerForm({ dealer }: { dealer: DealerProfile | null }) {
  const [save] = usePutMyDealerMutation();
  const [remove, removing] = useDeleteMyDealerMutation();
  const form = useFormik({
    initialValues: valuesOf(dealer),
    validationSchema: schema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, value.trim()]),
      ) as Required<Values>;
      try {
        await save({
          body: { ...trimmed, hours: trimmed.hours || null, website: trimmed.website || null },
        }).unwrap();
        notify.success(DEALER_SAVED);
      } catch (error) {
        notify.error(errorMessage(error, 'Your dealer profile could not be saved.'));
      }
    },
  });
  const zipError = form.touched.zip ? form.errors.zip : undefined;
  const zipPlace = useZipPlace(form.values.zip, zipError, 'Where your business is');
  const onRemove = async () => {
    try {
      await remove().unwrap();
      notify.success(DEALER_REMOVED);
    } catch (error) {
      notify.error(errorMessage(error, 'Your dealer profile could not be removed.'));
    }
  };
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit}>
      <Stack spacing={2.5}>
        <TextInput
          label="Business name"
          autoComplete="organization"
          required
          {...textFieldProps(form, 'name')}
        />
        <TextInput
          label="Street address"
          autoComplete="street-address"
          required
          {...textFieldProps(form, 'address')}
        />
        <TextInput
          label="ZIP code"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          {...textFieldProps(form, 'zip')}
          error={Boolean(zipError) || zipPlace.unknown}
          helperText={zipPlace.line}
        />
        <TextInput
          label="Business phone"
          type="tel"
          autoComplete="tel"
          required
          {...textFieldProps(form, 'phone')}
        />
        <TextInput
          label="Opening hours"
          {...textFieldProps(form, 'hours')}
          helperText={
            (form.touched.hours && form.errors.hours) ||
            'Optional, as Mo-Fr 09:00-18:00, Sa 10:00-14:00'
          }
        />
        <TextInput
          label="Website"
          type="url"
          autoComplete="url"
          {...textFieldProps(form, 'website')}
          helperText={(form.touched.website && form.errors.website) || 'Optional'}
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" color="secondary" disabled={form.isSubmitting}>
            {form.isSubmitting ? 'Saving…' : 'Save dealer profile'}
          </Button>
          {dealer && (
            <Button
              type="button"
              variant="outlined"
              color="error"
              disabled={removing.isLoading}
              onClick={() => void onRemove()}
            >
              Remove dealer profile
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

function DealerProfileLoader() {
  const query = useGetMyDealerQuery();
  return (
    <QueryState query={query} what="your dealer profile">
      {({ dealer }) => <DealerForm dealer={dealer} />}
    </QueryState>
  );
}

/**
 * A seller's business: with it, the seller's page and cars say 'Dealer' and show its name,
 * address, phone, opening hours and website; without it, 'Private seller'. Sellers only.
 */
export function DealerSection({ me }: { me: Me }) {
  if (me.userRole !== 'Seller') return null;
  return (
    <SettingsSection
      title="Dealer profile"
      description="Selling as a business? Your seller page and your cars then say 'Dealer' and show its address, phone, opening hours and website. Without one you show as a private seller."
    >
      <DealerProfileLoader />
    </SettingsSection>
  );
}
