import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { Product } from '../../lib/api';
import { responsiveImage } from '../../lib/images';
import { ListingModerationNote } from './ListingModerationNote';

const years = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/** What the seller can do to a car of the list (Delete asks first). */
export interface CarActions {
  advertise: (product: Product) => void;
  askToDelete: (product: Product) => void;
}

interface ListProps {
  products: Product[];
  controls: CarActions;
}

/** 'Make advertisment', and 'Advertised' once it is. */
function AdvertiseControl({
  product,
  onAdvertise,
}: {
  product: Product;
  onAdvertise: CarActions['advertise'];
}) {
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
        onClick={() => onAdvertise(product)}
        aria-label={`Make advertisment: ${product.carName}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Make advertisment
      </Button>
      {advertised && !hidden && <Chip size="small" color="success" label="Advertised" />}
    </Stack>
  );
}

/** The car's name opens its page, as buyers see it. */
function CarLink({ product }: { product: Product }) {
  return (
    <Box
      component={RouterLink}
      to={paths.car.to(product._id)}
      sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
    >
      {product.carName}
    </Box>
  );
}

/**
 * A car for sale without a place (its Location names no one US place, and no ZIP was given) is
 * in no search near a ZIP: a link to its Edit page asks for one.
 */
function ZipPrompt({ product }: { product: Product }) {
  if (product.zip || product.sold) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      <Box
        component={RouterLink}
        to={paths.editProduct.to(product._id)}
        sx={{ color: 'secondary.dark' }}
      >
        Add a ZIP so buyers nearby find this car
      </Box>
    </Typography>
  );
}

/** A car for sale can be edited; a sold one no longer. */
function EditControl({ product }: { product: Product }) {
  return product.sold ? null : (
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
}

function DeleteControl({
  product,
  onDelete,
}: {
  product: Product;
  onDelete: CarActions['askToDelete'];
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      onClick={() => onDelete(product)}
      aria-label={`Delete ${product.carName}`}
    >
      Delete
    </Button>
  );
}

/** The car's cover photo, small. */
function CarThumb({ product }: { product: Product }) {
  return (
    <Avatar
      variant="rounded"
      {...responsiveImage(product.carPhoto, product.carPhotoCopies, { width: 64 })}
      alt={product.carName}
      sx={{ width: 64, height: 44 }}
    />
  );
}

/** No car yet: what the page is for, and a way to post one. */
export function NoCars() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h4">
        There is no product found
      </Typography>
      <Typography color="text.secondary">Cars you post for resale are listed here.</Typography>
      <Button component={RouterLink} to={paths.addProducts} variant="contained" color="secondary">
        Post a car
      </Button>
    </Stack>
  );
}

/** On a phone: the seller's cars as a list, the table's columns stacked. */
export function MyCarsList({ products, controls }: ListProps) {
  return (
    <List aria-label="My products" disablePadding>
      {products.map((product, index) => (
        <ListItem key={product._id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography color="text.secondary" sx={{ width: 20 }}>
              {index + 1}
            </Typography>
            <CarThumb product={product} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>
                <CarLink product={product} />
              </Typography>
              <ListingModerationNote product={product} />
              <ZipPrompt product={product} />
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
            <AdvertiseControl product={product} onAdvertise={controls.advertise} />
            <Stack direction="row" spacing={1} sx={{ py: 1 }}>
              <EditControl product={product} />
              <DeleteControl product={product} onDelete={controls.askToDelete} />
            </Stack>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}

/** The seller's cars as a table of seven columns. */
export function MyCarsTable({ products, controls }: ListProps) {
  return (
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
                  <CarThumb product={product} />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                  <CarLink product={product} />
                  <ListingModerationNote product={product} />
                  <ZipPrompt product={product} />
                </TableCell>
                <TableCell>{product.categoryName}</TableCell>
                <TableCell>{years(product.userYears)}</TableCell>
                <TableCell>
                  <AdvertiseControl product={product} onAdvertise={controls.advertise} />
                </TableCell>
                <TableCell>
                  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <EditControl product={product} />
                    <DeleteControl product={product} onDelete={controls.askToDelete} />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
