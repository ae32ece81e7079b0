import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { useSelector } from 'react-redux';
import { errorMessage, useCreateOrderMutation, type Product } from '../lib/api';
import { BUSY_TRYING_AGAIN, newIdempotencyKey, useMarketplaceBusy } from '../lib/api/busyRetry';
import { selectAuthUser, type AuthRootState } from '../lib/auth/authSlice';
import { formatPrice } from '../lib/format';
import { notify } from '../lib/notify/notify';
import { SpinnerIcon } from './Spinner';
import { isOneLine, ONE_LINE_MESSAGE, textFieldProps } from '../lib/forms';

export const ORDER_SUCCESS = 'Order successful';

/** Digits, with spaces, dashes, brackets and a leading + allowed (as the server accepts). */
const PHONE = /^\+?[0-9][0-9 ()-]{3,22}[0-9]$/;

export const bookingSchema = yup.object({
  buyerName: yup
    .string()
    .trim()
    .required('Please enter your name')
    .test('one-line', ONE_LINE_MESSAGE, isOneLine),
  phone: yup
    .string()
    .trim()
    .required('Please enter your phone number')
    .matches(PHONE, 'Enter a phone number in digits (spaces, dashes and brackets are fine)'),
  meetLocation: yup
    .string()
    .trim()
    .required('Please enter where you would like to meet')
    .test('one-line', ONE_LINE_MESSAGE, isOneLine),
});

interface Props {
  /** The car being booked (kept while the modal closes, so it fades out unchanged). */
  product: Product | null;
  open: boolean;
  onClose: () => void;
}

function BookingForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const user = useSelector((state: AuthRootState) => selectAuthUser(state));
  const [createOrder] = useCreateOrderMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const marketplaceBusy = useMarketplaceBusy();
  const form = useFormik({
    initialValues: { buyerName: user?.displayName ?? '', phone: '', meetLocation: '' },
    validationSchema: bookingSchema,
    onSubmit: async (values) => {
      setRefusal(null);
      try {
        await createOrder({
          // One key per Submit: a retry while the marketplace is busy books once.
          'idempotency-key': newIdempotencyKey(),
          body: {
            buyerName: values.buyerName.trim(),
            buyerEmail: user?.email ?? '',
            productName: product.carName,
            productPrice: product.resalePrice,
            phone: values.phone.trim(),
            meetLocation: values.meetLocation.trim(),
            productID: product._id,
            carImage: product.carPhoto,
          },
        }).unwrap();
        notify.success(ORDER_SUCCESS);
        onClose();
      } catch (error) {
        // The seed never read the answer; a refused order keeps the modal open with the reason.
        setRefusal(errorMessage(error, 'Your order could not be placed. Please try again.'));
      }
    },
  });
  const busy = form.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} aria-label="Booking">
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {busy && marketplaceBusy && (
            <Alert severity="info" role="status">
              {BUSY_TRYING_AGAIN}
            </Alert>
          )}
          <TextField
            label="Your name"
            {...textFieldProps(form, 'buyerName')}
            autoComplete="name"
            required
            fullWidth
          />
          <TextField label="Email" value={user?.email ?? ''} disabled fullWidth />
          <TextField label="Product name" value={product.carName} disabled fullWidth />
          <TextField
            label="Price"
            value={formatPrice(product.resalePrice).slice(1)}
            disabled
            fullWidth
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <TextField
            label="Phone number"
            type="tel"
            {...textFieldProps(form, 'phone')}
            autoComplete="tel"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
          <TextField
            label="Meet location"
            {...textFieldProps(form, 'meetLocation')}
            required
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, pt: 0 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          disabled={busy}
          startIcon={busy ? <SpinnerIcon /> : undefined}
        >
          {busy ? 'Booking...' : 'Submit'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The booking modal: open for one car, closed again once the order is placed. */
export function BookingDialog({ product, open, onClose }: Props) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open && product !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="booking-title"
    >
      <DialogTitle id="booking-title">
        {product ? `Book ${product.carName}` : 'Book a car'}
      </DialogTitle>
      {product && <BookingForm product={product} onClose={onClose} />}
    </Dialog>
  );
}
