import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { errorMessage, useGetCategoriesQuery } from '../../lib/api';
import { useAddProductMutation } from '../../lib/api/seller';
import { selectAuthUser } from '../../lib/auth/authSlice';
import { notify } from '../../lib/notify/notify';
import { DecodeVin } from './DecodeVin';
import { ProductForm } from './ProductForm';
import { initialProductValues, toProductBody } from './productForm';
import { withValuePrefill } from './valuePrefill';

export const ADDED_MESSAGE = 'Product added succesfull';
/** A new account's 4th and later cars on its first day wait for a moderator. */
export const PENDING_MESSAGE =
  'Pending review: a moderator looks at a new account’s cars before they go on sale';

/**
 * Add product: every field required, and 1 to 10 photos, each uploaded to the image
 * host as it is chosen (with its progress); the car is posted with the photos that were stored.
 * A failure keeps what the seller typed. The category choices are GET /categories' answer.
 */
export function AddProductPage() {
  const categories = useGetCategoriesQuery();
  const user = useAppSelector(selectAuthUser);
  const navigate = useNavigate();
  // A car 'List it for …' sends from the valuation page fills the form in.
  const [query] = useSearchParams();
  const [addProduct] = useAddProductMutation();
  return (
    <Card>
      <title>Add product</title>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography component="h1" variant="h4" gutterBottom>
          Add a product
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Post a car for resale. Every field is required unless it says optional.
        </Typography>
        <QueryState query={categories} minHeight={480} what="the categories">
          {(list) => {
            const categoryNames = list.map((c) => c.categoryName);
            return (
              <ProductForm
                categoryNames={categoryNames}
                initialValues={withValuePrefill(
                  initialProductValues(user?.displayName ?? '', categoryNames),
                  query,
                  categoryNames,
                )}
                label="Add product"
                submitLabel="Post"
                sendingLabel="Posting the product"
                vinAction={(form) => (
                  <DecodeVin
                    vin={form.vin}
                    category={form.categoryName}
                    categoryChosen={false}
                    busy={form.busy}
                    fill={form.fill}
                  />
                )}
                send={async (values, photos) => {
                  const posted = await addProduct({
                    body: toProductBody(values, {
                      photos,
                      sellerPhoto: user?.photoURL ?? null,
                      postTime: new Date().toLocaleString(),
                    }),
                  });
                  if ('error' in posted || !posted.data.acknowledged) {
                    const reason =
                      'error' in posted ? errorMessage(posted.error) : 'it was not saved';
                    return `The product could not be posted: ${reason}. Your entries are kept.`;
                  }
                  if (posted.data.moderation?.state === 'pending') notify.blank(PENDING_MESSAGE);
                  else notify.success(ADDED_MESSAGE);
                  navigate(paths.myProducts);
                  return null;
                }}
              />
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
