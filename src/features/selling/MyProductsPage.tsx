import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { errorMessage, type Product } from '../../lib/api';
import {
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useGetSellerProductsQuery,
} from '../../lib/api/seller';
import { selectUserEmail } from '../../lib/auth/authSlice';
import { notify } from '../../lib/notify/notify';
import { responsiveImage } from '../../lib/images';
import { ListingModerationNote } from './ListingModerationNote';

export const ADVERTISED_MESSAGE = 'advertisement successfull.';
export const DELETED_MESSAGE = 'Product deleted successfully';

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/**
 * My products (spec §2): the seller's cars in a table. Advertising and deleting update the
 * list at once and roll back, with the reason, if the server refuses; a success toast shows
 * only on success.
 */
export function MyProductsPage() {
  const email = useAppSelector(selectUserEmail);
  const query = useGetSellerProductsQuery(email ? { email } : skipToken);
  const [advertiseProduct] = useAdvertiseProductMutation();
  const [deleteProduct] = useDeleteProductMutation();
  // The product asked about stays set while the dialog closes, so its title does not flicker.
  // On a phone the seven columns become a list (the spec's columns, stacked).
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

  const advertiseControl = (product: Product) => {
    const advertised = product.advertisement === 'true';
    // A hidden car is out of sale: nothing to advertise until it is back.
    const hidden = Boolean(product.moderation);
    return (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start', py: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="secondary"
          disabled={advertised || hidden}
          onClick={() => void advertise(product)}
          aria-label={`Make advertisment: ${product.carName}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Make advertisment
        </Button>
        {advertised && !hidden && <Chip size="small" color="success" label="Advertised" />}
      </Stack>
    );
  };

  // The car's name opens its page, as buyers see it.
  const carLink = (product: Product) => (
    <Box
      component={RouterLink}
      to={paths.car.to(product._id)}
      sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
    >
      {product.carName}
    </Box>
  );

  // A car for sale can be edited; a sold one no longer.
  const editControl = (product: Product) =>
    product.sold ? null : (
      <Button
        size="small"
        variant="outlined"
        component={RouterLink}
        to={paths.editProduct.to(product._id)}
        aria-label={`Edit ${product.carName}`}
      >
        Edit
      </Button>
    );

  const deleteControl = (product: Product) => (
    <Button
      size="small"
      variant="outlined"
      color="error"
      onClick={() => {
        setToDelete(product);
        setConfirming(true);
      }}
      aria-label={`Delete ${product.carName}`}
    >
      Delete
    </Button>
  );

  return (
    <Card>
      <title>My products</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <QueryState query={query} what="your products">
          {(products) =>
            products.length === 0 ? (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography component="h1" variant="h4">
                  There is no product found
                </Typography>
                <Typography color="text.secondary">
                  Cars you post for resale are listed here.
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.addProducts}
                  variant="contained"
                  color="secondary"
                >
                  Post a car
                </Button>
              </Stack>
            ) : (
              <>
                <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
                  My orders
                </Typography>
                {narrow ? (
                  <List aria-label="My products" disablePadding>
                    {products.map((product, index) => (
                      <ListItem
                        key={product._id}
                        divider
                        disableGutters
                        sx={{ display: 'block', py: 1.5 }}
                      >
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <Typography color="text.secondary" sx={{ width: 20 }}>
                            {index + 1}
                          </Typography>
                          <Avatar
                            variant="rounded"
                            {...responsiveImage(product.carPhoto, product.carPhotoCopies, {
                              width: 64,
                            })}
                            alt={product.carName}
                            sx={{ width: 64, height: 44 }}
                          />
                          <Box sx={{ minWidth: 0 }}>
                            <Typography sx={{ fontWeight: 500 }}>{carLink(product)}</Typography>
                            <ListingModerationNote product={product} />
                            <Typography variant="body2" color="text.secondary">
                              {product.categoryName} · {years(product.userYears)}
                            </Typography>
                          </Box>
                        </Stack>
                        <Stack
                          direction="row"
                          spacing={1}
                          useFlexGap
                          sx={{ mt: 1, pl: 4.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
                        >
                          {advertiseControl(product)}
                          <Stack direction="row" spacing={1} sx={{ py: 1 }}>
                            {editControl(product)}
                            {deleteControl(product)}
                          </Stack>
                        </Stack>
                      </ListItem>
                    ))}
                  </List>
                ) : (
                  <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
                    <Table size="small" aria-label="My products" sx={{ minWidth: 680 }}>
                      <TableHead>
                        <TableRow
                          sx={{
                            '& th': {
                              fontWeight: 600,
                              bgcolor: 'grey.50',
                              whiteSpace: 'nowrap',
                              py: 1.5,
                            },
                          }}
                        >
                          <TableCell>#</TableCell>
                          <TableCell>Image</TableCell>
                          <TableCell>Product name</TableCell>
                          <TableCell>Category</TableCell>
                          <TableCell>Use of years</TableCell>
                          <TableCell>Advertisement</TableCell>
                          <TableCell>Action</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {products.map((product, index) => {
                          return (
                            <TableRow key={product._id} hover>
                              <TableCell>{index + 1}</TableCell>
                              <TableCell>
                                <Avatar
                                  variant="rounded"
                                  {...responsiveImage(product.carPhoto, product.carPhotoCopies, {
                                    width: 64,
                                  })}
                                  alt={product.carName}
                                  sx={{ width: 64, height: 44 }}
                                />
                              </TableCell>
                              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                                {carLink(product)}
                                <ListingModerationNote product={product} />
                              </TableCell>
                              <TableCell>{product.categoryName}</TableCell>
                              <TableCell>{years(product.userYears)}</TableCell>
                              <TableCell>{advertiseControl(product)}</TableCell>
                              <TableCell>
                                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                                  {editControl(product)}
                                  {deleteControl(product)}
                                </Stack>
                              </TableCell>
                            </TableRow>
                          );
                        })}
                      </TableBody>
                    </Table>
                  </TableContainer>
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
