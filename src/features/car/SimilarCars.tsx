import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ActionLink } from '../../components/actions';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useSearchProductsQuery, type CarDetails } from '../../lib/api';
import { responsiveImage } from '../../lib/images';
import { formatPrice } from '../../lib/format';

/** How many other cars a sold car's page suggests. */
const SIMILAR = 6;

/** A sold car's page: other cars of its category that are for sale, as links. */
export function SimilarCars({ car }: { car: CarDetails }) {
  const query = useSearchProductsQuery({ category: car.categoryName, limit: SIMILAR + 1 });
  const others = (query.data ?? [])
    .filter((other) => other._id !== car._id && !other.sold)
    .slice(0, SIMILAR);
  return (
    <Box component="section" aria-labelledby="similar-cars" sx={{ mt: 5 }}>
      <Typography id="similar-cars" component="h2" variant="h5" gutterBottom>
        Similar cars for sale
      </Typography>
      {query.isLoading ? (
        <Spinner minHeight={120} label="Loading similar cars" />
      ) : others.length === 0 ? (
        <Typography color="text.secondary">
          {query.isError
            ? 'We could not load similar cars.'
            : `No other ${car.categoryName} cars are for sale right now.`}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {others.map((other) => (
            <li key={other._id}>
              <Box
                component={RouterLink}
                to={paths.car.to(other._id)}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'center',
                  p: 1,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  color: 'inherit',
                  textDecoration: 'none',
                  '&:hover': { borderColor: 'secondary.main' },
                }}
              >
                <Box
                  component="img"
                  {...responsiveImage(other.carPhoto, other.carPhotoCopies, { width: 96 })}
                  alt=""
                  width={96}
                  height={60}
                  loading="lazy"
                  sx={{ width: 96, height: 60, objectFit: 'cover', borderRadius: 1 }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {other.carName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatPrice(other.resalePrice)} · {other.condition}
                  </Typography>
                </Box>
              </Box>
            </li>
          ))}
        </Box>
      )}
      <ActionLink to={paths.root} variant="text" tone="primary" sx={{ mt: 1 }}>
        Browse every category
      </ActionLink>
    </Box>
  );
}
