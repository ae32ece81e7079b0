import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import {
  errorMessage,
  useGetCategoriesQuery,
  useGetProductQuery,
  type CarDetails,
} from '../../lib/api';
import { useUpdateProductMutation } from '../../lib/api/seller';
import { selectUserEmail } from '../../lib/auth/authSlice';
import { notify } from '../../lib/notify/notify';
import { DecodeVin } from './DecodeVin';
import { ProductForm } from './ProductForm';
import { carValues, toProductChanges } from './productForm';

export const UPDATED_MESSAGE = 'Your changes are saved';

/**
 * Editing one of the seller's cars for sale (added; docs/differences.md): every field and the
 * photos, with Add product's form, sent as PATCH /products/{id}; then back to My products, which
 * shows the change. A sold car, or another seller's, cannot be edited.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const car = useGetProductQuery(id ? { id } : skipToken);
  const categories = useGetCategoriesQuery();
  const both =
    car.data && categories.data ? { car: car.data, categories: categories.data } : undefined;
  const query = {
    data: both,
    isLoading: car.isLoading || categories.isLoading,
    isError: car.isError || categories.isError,
    isFetching: car.isFetching || categories.isFetching,
    refetch: () => {
      if (car.isError) void car.refetch();
      if (categories.isError) void categories.refetch();
    },
  };
  return (
    <Card>
      <title>Edit a car</title>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <QueryState query={query} minHeight={480} what="this car">
          {({ car: details, categories: list }) => (
            <EditCar car={details} categoryNames={list.map((c) => c.categoryName)} />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function EditCar({ car, categoryNames }: { car: CarDetails; categoryNames: string[] }) {
  const email = useAppSelector(selectUserEmail);
  const navigate = useNavigate();
  const [updateProduct] = useUpdateProductMutation();
  const mine = email !== null && car.email.toLowerCase() === email.toLowerCase();
  const refusal = !mine
    ? 'This car is not one of yours, so you cannot edit it.'
    : car.sold
      ? 'This car has been sold, so it can no longer be edited.'
      : null;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Edit {car.carName}
      </Typography>
      {refusal ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.myProducts} color="inherit">
              My products
            </Button>
          }
        >
          {refusal}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Change any field or photo; buyers see the changes on the car&rsquo;s page at once.
          </Typography>
          <ProductForm
            categoryNames={categoryNames}
            initialValues={carValues(car)}
            initialPhotos={car.photos.length > 0 ? car.photos : [car.carPhoto]}
            label="Edit product"
            submitLabel="Save changes"
            sendingLabel="Saving the changes"
            vinAction={(form) => (
              <DecodeVin
                vin={form.vin}
                category={form.categoryName}
                categoryChosen={true}
                busy={form.busy}
                fill={form.fill}
              />
            )}
            send={async (values, photos) => {
              const saved = await updateProduct({
                id: car._id,
                body: toProductChanges(values, photos),
              });
              if ('error' in saved) {
                return `The changes could not be saved: ${errorMessage(saved.error)}. Your entries are kept.`;
              }
              notify.success(UPDATED_MESSAGE);
              navigate(paths.myProducts);
              return null;
            }}
          />
        </>
      )}
    </>
  );
}
