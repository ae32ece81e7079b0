import { UserAvatar } from '../../components/UserAvatar';
import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { QueryState } from '../../components/QueryState';
import { ActionLink } from '../../components/actions';
import { paths } from '../../config/paths';
import { useGetAdvertisedProductsQuery, type Product } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { CarCard } from '../../components/CarCard';
import { Tag } from '../../components/Tag';

function AdvertisedCard({ product }: { product: Product }) {
  return (
    <CarCard product={product} labelledBy={`ad-${product._id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            id={`ad-${product._id}`}
            component="h3"
            variant="h6"
            sx={{ flexGrow: 1, lineHeight: 1.3 }}
          >
            {product.carName}
          </Typography>
          <Typography
            sx={{
              fontWeight: 800,
              fontSize: '1.15rem',
              color: 'secondary.main',
              whiteSpace: 'nowrap',
            }}
            aria-label={`Price ${formatPrice(product.resalePrice)}`}
          >
            {formatPrice(product.resalePrice)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Tag>{`Condition: ${product.condition}`}</Tag>
          <Tag>{`Category: ${product.categoryName}`}</Tag>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto' }}>
          <UserAvatar src={product.sellerPhoto} alt={product.sellerName} size={32} />
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ flexGrow: 1, minWidth: 0 }}
          >
            {product.sellerName}
          </Typography>
          <ActionLink
            to={paths.categoryProducts.to(product.categoryName)}
            variant="contained"
            tone="secondary"
            size="small"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            aria-label={`See ${product.categoryName} cars (${product.carName})`}
          >
            See {product.categoryName} cars
          </ActionLink>
        </Box>
      </CardContent>
    </CarCard>
  );
}

/**
 * The Advertisement section, from GET /advertisment: hidden when the list is empty,
 * else a heading and one card per advertised car. Its call to action opens the car's category.
 */
export function Advertisements() {
  const query = useGetAdvertisedProductsQuery();
  if (query.data?.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="advertisement-title"
      sx={{ bgcolor: 'background.paper', py: { xs: 5, md: 8 } }}
    >
      <Container maxWidth="lg">
        <Typography id="advertisement-title" component="h2" variant="h3" gutterBottom>
          Advertised cars
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Hand-picked listings our sellers are promoting right now.
        </Typography>
        <QueryState query={query} minHeight={320} what="the advertised cars">
          {(products) => (
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
              }}
            >
              {products.map((product) => (
                <AdvertisedCard key={product._id} product={product} />
              ))}
            </Box>
          )}
        </QueryState>
      </Container>
    </Box>
  );
}
