import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { VerifiedIcon } from '../../components/icons';
import { SellerTypeTag } from '../../components/SellerTypeTag';
import { UserAvatar } from '../../components/UserAvatar';
import { paths } from '../../config/paths';
import type { CarDetails } from '../../lib/api';
import { carsSold, memberSince, ratingText } from '../../lib/sellerRating';

/**
 * A car's seller: their name (a link to their page), tick, 'Dealer' or 'Private seller' (a dealer's
 * business and where it is), rating, member since, cars sold.
 */
export function SellerCard({
  seller,
  id,
  rating,
}: {
  seller: CarDetails['seller'];
  id: string | null;
  rating: CarDetails['sellerRating'];
}) {
  return (
    <Box
      component="section"
      aria-label="Seller"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 2,
      }}
    >
      <UserAvatar src={seller.photo} alt={seller.name} size={56} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {id ? <RouterLink to={paths.seller.to(id)}>{seller.name}</RouterLink> : seller.name}
          </Typography>
          {seller.verified && (
            <VerifiedIcon
              titleAccess="Verified seller"
              fontSize="small"
              sx={{ color: '#1d9bf0' }}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 0.5, flexWrap: 'wrap' }}>
          <SellerTypeTag type={seller.sellerType} />
          {seller.dealer && (
            <Typography variant="body2" color="text.secondary">
              {seller.dealer.name}, {seller.dealer.city}, {seller.dealer.state}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {ratingText(rating)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {memberSince(seller.memberSince)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {carsSold(seller.carsSold)}
        </Typography>
      </Box>
    </Box>
  );
}
