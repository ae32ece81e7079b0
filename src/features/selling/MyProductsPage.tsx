import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { errorMessage, type Product } from '../../lib/api';
import {
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useGetSellerProductsQuery,
} from '../../lib/api/seller';
import { selectUserEmail } from '../../lib/auth/authSlice';
import { notify } from '../../lib/notify/notify';
import { MyCarsList, MyCarsTable, NoCars, type CarActions } from './MyCarsList';

export const ADVERTISED_MESSAGE = 'advertisement successfull.';
export const DELETED_MESSAGE = 'Product deleted successfully';

/**
 * My products: the seller's cars in a table. Advertising and deleting update the
 * list at once and roll back, with the reason, if the server refuses; a success toast shows
 * only on success.
 */
export function MyProductsPage() {
  const email = useAppSelector(selectUserEmail);
  const query = useGetSellerProductsQuery(email ? { email } : skipToken);
  const [advertiseProduct] = useAdvertiseProductMutation();
  const [deleteProduct] = useDeleteProductMutation();
  // The product asked about stays set while the dialog closes, so its title does not flicker.
  // On a phone the seven columns become a list (the same columns, stacked).
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function advertise(product: Product) {
    try {
      const result = await advertiseProduct({ id: product._id }).unwrap();
      if (result.modifiedCount > 0) notify.success(ADVERTISED_MESSAGE);
      else notify.blank(`${product.carName} was already advertised.`);
    } catch (error) {
      notify.error(`${product.carName} could not be advertised: ${errorMessage(error)}`);
    }
  }

  async function remove(product: Product) {
    setConfirming(false);
    try {
      const result = await deleteProduct({ id: product._id }).unwrap();
      if (result.deletedCount > 0) notify.success(DELETED_MESSAGE);
      else notify.blank(`${product.carName} was already deleted.`);
    } catch (error) {
      notify.error(`${product.carName} could not be deleted: ${errorMessage(error)}`);
    }
  }

  const controls: CarActions = {
    advertise: (product) => void advertise(product),
    askToDelete: (product) => {
      setToDelete(product);
      setConfirming(true);
    },
  };

  return (
    <Card>
      <title>My products</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <QueryState query={query} what="your products">
          {(products) =>
            products.length === 0 ? (
              <NoCars />
            ) : (
              <>
                <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
                  My orders
                </Typography>
                {narrow ? (
                  <MyCarsList products={products} controls={controls} />
                ) : (
                  <MyCarsTable products={products} controls={controls} />
                )}
              </>
            )
          }
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${toDelete?.carName ?? 'this product'}?`}
        confirmLabel="Delete"
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setConfirming(false)}
      >
        The car leaves your list, its advertisement and its category page, and any bookings on it
        are cancelled. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
