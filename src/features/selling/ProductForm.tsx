import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik, type FormikProps } from 'formik';
import { useState, type ReactNode } from 'react';
import { PhotoField } from './PhotoField';
import { guideFields, PriceGuide } from './PriceGuide';
import { usePhotoUploads } from './photoUploads';
import { VehicleFields } from './VehicleFields';
import { ZipField } from './ZipField';
import { EMPTY_VEHICLE } from './vehicleForm';
import { CONDITIONS, productSchema, REQUIRED, type ProductFormValues } from './productForm';

const VEHICLE_FIELDS = Object.keys(EMPTY_VEHICLE) as (keyof typeof EMPTY_VEHICLE)[];

type Step = 'upload' | 'post' | null;

interface Props {
  categoryNames: string[];
  initialValues: ProductFormValues;
  /** The photos the car already has (Edit), the cover first. */
  initialPhotos?: string[];
  /** The form's name ('Add product'), its button ('Post') and what it says while sending. */
  label: string;
  submitLabel: string;
  sendingLabel: string;
  /** Sends the fields and the stored photos (the cover first); answers why it failed, or null. */
  send: (values: ProductFormValues, photos: string[]) => Promise<string | null>;
  /** Drawn beside the VIN field (a 'Decode VIN' button that fills the form). */
  vinAction?: (form: VinActionForm) => ReactNode;
}

/** What a VIN action reads of the form, and how it fills it. */
export interface VinActionForm {
  /** The VIN and the category (make) as typed and chosen. */
  vin: string;
  categoryName: string;
  /** Sets these fields (as a seller would type them) and checks them. */
  fill: (values: Partial<ProductFormValues>) => void;
  /** The form is being sent. */
  busy: boolean;
}

type Field = keyof ProductFormValues;

/** The props that make an MUI field (or a select's) one of the form's: value, events, message. */
function fieldProps(form: FormikProps<ProductFormValues>) {
  const fieldError = (name: Field) =>
    form.touched[name] && form.errors[name] ? String(form.errors[name]) : undefined;
  const field = (name: Field) => ({
    id: `product-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    // A reserved line: a message appearing on blur never shifts the button mid-click.
    helperText: fieldError(name) ?? ' ',
    fullWidth: true,
  });
  const choice = (name: Field) => ({
    name,
    value: String(form.values[name]),
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name) ?? ' ',
  });
  return { fieldError, field, choice };
}

/** A step of sending under way: what it waits for, and an endless bar. */
function StepProgress({ text, label }: { text: string; label: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress color="secondary" aria-label={label} />
    </Box>
  );
}

interface FooterProps {
  step: Step;
  sendingLabel: string;
  submitLabel: string;
  busy: boolean;
  /** How many photos there are, and how many of them failed. */
  photos: number;
  failed: number;
  failure: string | null;
  onDismiss: () => void;
}

/** Under the fields: the sending's progress, what is left out, why it failed, and the button. */
function FormFooter({
  step,
  sendingLabel,
  submitLabel,
  busy,
  photos,
  failed,
  failure,
  onDismiss,
}: FooterProps) {
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      {step === 'upload' && (
        <StepProgress text="Waiting for the photos to upload…" label="Waiting for the photos" />
      )}
      {step === 'post' && <StepProgress text={`${sendingLabel}…`} label={sendingLabel} />}
      {failed > 0 && !busy && photos > failed && (
        <Typography variant="body2" color="text.secondary">
          {failed === 1 ? 'A photo that failed is' : 'Photos that failed are'} left out unless you
          retry: the car is sent with the others.
        </Typography>
      )}
      {failure && (
        <Alert severity="error" onClose={onDismiss}>
          {failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        disabled={busy}
        sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 160 }}
      >
        {busy ? 'Processing...' : submitLabel}
      </Button>
    </Stack>
  );
}

/**
 * A car's fields and photos (Add product, Edit). Photos upload as they are chosen; sending
 * waits for those under way, then sends the ones that were stored (at least one; a failed one is
 * left out). A refusal keeps everything as typed, and the stored photos are not uploaded again.
 */
export function ProductForm({
  categoryNames,
  initialValues,
  initialPhotos,
  label,
  submitLabel,
  sendingLabel,
  send,
  vinAction,
}: Props) {
  const photos = usePhotoUploads(initialPhotos);
  const [step, setStep] = useState<Step>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useFormik<ProductFormValues>({
    initialValues,
    validationSchema: productSchema(categoryNames),
    onSubmit: async (values) => {
      setFailure(null);
      if (photos.items.length === 0) return;
      setStep('upload');
      await photos.settle();
      const stored = photos.stored();
      if (stored.length === 0) {
        setStep(null);
        setFailure(
          'None of the photos could be uploaded, so nothing was sent: retry them or choose others.',
        );
        return;
      }
      setStep('post');
      const refused = await send(values, stored);
      setStep(null);
      if (refused) setFailure(refused);
    },
  });

  const { fieldError, field, choice } = fieldProps(form);
  const money = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
  const busy = form.isSubmitting;
  const photoError = form.submitCount > 0 && photos.items.length === 0 ? REQUIRED : undefined;
  const failed = photos.items.filter((photo) => photo.status === 'failed').length;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} aria-label={label}>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2.5,
          rowGap: 1,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        <TextField label="Product name" {...field('carName')} />
        <TextField select label="Category" {...field('categoryName')}>
          {categoryNames.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Original price"
          {...field('originalPrice')}
          slotProps={{ ...money, htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Selling price"
          {...field('resalePrice')}
          slotProps={{ ...money, htmlInput: { inputMode: 'decimal' } }}
        />
        <PriceGuide {...guideFields(form.values)} />
        <TextField select label="Condition" {...field('condition')}>
          {CONDITIONS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Year of used"
          {...field('userYears')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField label="Location" {...field('productLocation')} />
        <ZipField field={field('zip')} error={fieldError('zip')} />
        <TextField label="Your name" autoComplete="name" {...field('sellerName')} />
        <VehicleFields
          drawn={JSON.stringify([
            VEHICLE_FIELDS.map((name) => [form.values[name], fieldError(name)]),
            form.values.categoryName,
            busy,
            Boolean(vinAction),
          ])}
          field={field}
          choice={choice}
          vinAction={vinAction?.({
            vin: form.values.vin,
            categoryName: form.values.categoryName,
            fill: (values) => void form.setValues({ ...form.values, ...values }, true),
            busy,
          })}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <PhotoField photos={photos} error={photoError} disabled={busy} />
        </Box>
        <TextField
          label="Description"
          multiline
          minRows={4}
          {...field('productDescription')}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <FormFooter
        {...{ step, sendingLabel, busy, failure, submitLabel }}
        photos={photos.items.length}
        failed={failed}
        onDismiss={() => setFailure(null)}
      />
    </Box>
  );
}
