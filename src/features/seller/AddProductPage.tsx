import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../config/paths';
import { QueryState } from '../../components/QueryState';
import { errorMessage, useAddProductMutation, useGetCategoriesQuery } from '../../lib/api';
import { ACCEPTED_IMAGE_TYPES, useUploadImageMutation } from '../../lib/api/imageHost';
import { selectAuthUser } from '../../lib/auth/authSlice';
import { notify } from '../../lib/notify/notify';
import {
  CONDITIONS,
  initialProductValues,
  productSchema,
  toProductBody,
  type ProductFormValues,
} from './productForm';

export const ADDED_MESSAGE = 'Product added succesfull';

type Step = { kind: 'upload'; fraction: number } | { kind: 'post' } | null;

/**
 * Add product (spec §2): every field required; the photo goes to the image host first (with
 * progress) and the product is posted only if that upload succeeded. A failure keeps what the
 * seller typed (and an uploaded photo is not uploaded again on the retry). The category choices
 * are GET /categories' answer.
 */
export function AddProductPage() {
  const categories = useGetCategoriesQuery();
  return (
    <Card>
      <title>Add product</title>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography component="h1" variant="h4" gutterBottom>
          Add a product
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Post a car for resale. Every field is required.
        </Typography>
        <QueryState query={categories} minHeight={480} what="the categories">
          {(list) => <ProductForm categoryNames={list.map((c) => c.categoryName)} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ProductForm({ categoryNames }: { categoryNames: string[] }) {
  const user = useAppSelector(selectAuthUser);
  const navigate = useNavigate();
  const [uploadImage] = useUploadImageMutation();
  const [addProduct] = useAddProductMutation();
  const [step, setStep] = useState<Step>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  const form = useFormik<ProductFormValues>({
    initialValues: initialProductValues(user?.displayName ?? '', categoryNames),
    validationSchema: productSchema(categoryNames),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      const photo = values.productImage as File;
      let carPhoto = uploaded.current?.file === photo ? uploaded.current.url : null;
      if (!carPhoto) {
        setStep({ kind: 'upload', fraction: 0 });
        const upload = await uploadImage({
          image: photo,
          onProgress: (fraction) => setStep({ kind: 'upload', fraction }),
        });
        if ('error' in upload) {
          setStep(null);
          const reason =
            upload.error && 'message' in upload.error ? upload.error.message : 'unknown error';
          setFailure(
            `The product photo could not be uploaded (${reason}). Nothing was posted: check the photo and try again.`,
          );
          return;
        }
        carPhoto = upload.data.displayUrl;
        uploaded.current = { file: photo, url: carPhoto };
      }
      setStep({ kind: 'post' });
      const posted = await addProduct({
        body: toProductBody(values, {
          carPhoto,
          sellerPhoto: user?.photoURL ?? null,
          postTime: new Date().toLocaleString(),
        }),
      });
      setStep(null);
      if ('error' in posted || !posted.data.acknowledged) {
        const reason = 'error' in posted ? errorMessage(posted.error) : 'it was not saved';
        setFailure(`The product could not be posted: ${reason}. Your entries are kept.`);
        return;
      }
      uploaded.current = null;
      notify.success(ADDED_MESSAGE);
      helpers.resetForm();
      setFileInputKey((key) => key + 1);
      navigate(paths.myProducts);
    },
  });

  type Field = keyof ProductFormValues;
  const fieldError = (name: Field) =>
    form.touched[name] && form.errors[name] ? String(form.errors[name]) : undefined;
  const field = (name: Exclude<Field, 'productImage'>) => ({
    id: `product-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    // A reserved line: a message appearing on blur never shifts the Post button mid-click.
    helperText: fieldError(name) ?? ' ',
    fullWidth: true,
  });
  const money = { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } };
  const busy = form.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} aria-label="Add product">
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
        <TextField label="Your name" autoComplete="name" {...field('sellerName')} />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography
            component="label"
            htmlFor="product-photo"
            variant="body2"
            sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}
          >
            Product photo
          </Typography>
          <Box
            component="input"
            key={fileInputKey}
            id="product-photo"
            name="productImage"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={busy}
            aria-invalid={Boolean(fieldError('productImage'))}
            aria-describedby="product-photo-help"
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              void form.setFieldValue('productImage', event.currentTarget.files?.[0] ?? null);
              void form.setFieldTouched('productImage', true, false);
            }}
            onBlur={() => void form.setFieldTouched('productImage', true)}
            sx={{
              display: 'block',
              width: '100%',
              p: 1.5,
              border: 1,
              borderStyle: 'dashed',
              borderRadius: 1,
              borderColor: fieldError('productImage') ? 'error.main' : 'divider',
              bgcolor: 'background.default',
              font: 'inherit',
            }}
          />
          <FormHelperText id="product-photo-help" error={Boolean(fieldError('productImage'))}>
            {fieldError('productImage') ?? 'A JPEG, PNG, WebP or GIF image, up to 5 MB'}
          </FormHelperText>
        </Box>
        <TextField
          label="Description"
          multiline
          minRows={4}
          {...field('productDescription')}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <Stack spacing={2} sx={{ mt: 3 }}>
        {step?.kind === 'upload' && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Uploading the photo… {Math.round(step.fraction * 100)}%
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.round(step.fraction * 100)}
              color="secondary"
              aria-label="Uploading the product photo"
            />
          </Box>
        )}
        {step?.kind === 'post' && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              Posting the product…
            </Typography>
            <LinearProgress color="secondary" aria-label="Posting the product" />
          </Box>
        )}
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
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
          {busy ? 'Processing...' : 'Post'}
        </Button>
      </Stack>
    </Box>
  );
}
