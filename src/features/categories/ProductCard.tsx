import { UserAvatar } from '../../components/UserAvatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FairPriceBadge } from '../../components/FairPriceBadge';
import { paths } from '../../config/paths';
import { VerifiedIcon } from '../../components/icons';
import type { FairPrice, ListedProduct, Product } from '../../lib/api';
import { SellerTypeTag } from '../../components/SellerTypeTag';
import { formatPostDate, formatPrice, formatYears } from '../../lib/format';
import { CarCard } from '../../components/CarCard';
import { Fact } from '../../components/Fact';

/**
 * One car of a category: every field the seller posted, whether a dealer or a private seller
 * sells it, and a Buy now control; the name links to the car's page, and the fair-price badge
 * shows when the answer has one.
 * Memoised: loading the next page of a category renders only the new cards.
 */
export const ProductCard = memo(function ProductCard({
  product,
  onBuy,
}: {
  /** A category answer's car; a search's carries its fair price too. */
  product: ListedProduct & { fairPrice?: FairPrice | null };
  onBuy: (product: Product) => void;
}) {
  const verified = product.isVerify === 'true';
  return (
    <CarCard product={product} labelledBy={`car-${product._id}`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, flexGrow: 1 }}>
        <Box>
          <Typography
            id={`car-${product._id}`}
            component="h2"
            variant="h6"
            sx={{ lineHeight: 1.3 }}
          >
            <Box
              component={RouterLink}
              to={paths.car.to(product._id)}
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {product.carName}
            </Box>
          </Typography>
          <Box
            sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mt: 0.5 }}
          >
            <Typography
              sx={{ fontWeight: 800, fontSize: '1.35rem', color: 'secondary.main' }}
              aria-label={`Selling price ${formatPrice(product.resalePrice)}`}
            >
              {formatPrice(product.resalePrice)}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              aria-label={`Original price ${formatPrice(product.originalPrice)}`}
            >
              Original <Box component="s">{formatPrice(product.originalPrice)}</Box>
            </Typography>
          </Box>
          <Box sx={{ mt: 0.75, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {product.fairPrice && (
              <FairPriceBadge price={product.resalePrice} fairPrice={product.fairPrice} />
            )}
            <SellerTypeTag type={product.sellerType} />
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}
        >
          <Fact small label="Category" value={product.categoryName} />
          <Fact small label="Condition" value={product.condition} />
          <Fact small label="Location" value={product.productLocation} />
          <Fact small label="Years used" value={formatYears(product.userYears)} />
          <Fact small label="Posted" value={formatPostDate(product.postTime)} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {product.productDescription}
        </Typography>
        <Divider sx={{ mt: 'auto' }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <UserAvatar src={product.sellerPhoto} alt={product.sellerName} size={36} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              Seller
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {product.sellerName}
              </Typography>
              {verified ? (
                <VerifiedIcon
                  titleAccess="Verified seller"
                  fontSize="small"
                  sx={{ color: '#1d9bf0' }}
                />
              ) : (
                <Chip
                  label="no verify"
                  size="small"
                  variant="outlined"
                  sx={{ height: 20, fontSize: '0.7rem', color: 'text.secondary' }}
                />
              )}
            </Box>
          </Box>
          <Button
            variant="contained"
            color="secondary"
            onClick={() => onBuy(product)}
            aria-label={`Buy now: ${product.carName}`}
          >
            Buy now
          </Button>
        </Box>
      </CardContent>
    </CarCard>
  );
});
