import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Container } from '../../components/Container';
import { VerifiedIcon } from '../../components/icons';
import { LoadFailure } from '../../components/QueryState';
import { ReportButton } from '../../components/ReportButton';
import { Spinner } from '../../components/Spinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useGetSellerQuery, type SellerPage as Seller } from '../../lib/api/reviews';
import { ratingText } from '../../lib/sellerRating';
import { carsSold, memberSince } from '../../lib/sellerRating';
import { SellerTypeTag } from '../../components/SellerTypeTag';
import { DealerDetails } from './DealerDetails';
import { SellerCars } from './SellerCars';
import { SellerReviews } from './SellerReviews';
import { answeredShare, answersWithin } from './sellerText';

/**
 * A seller's public page (`/sellers/:id`): who they are ('Dealer', with their business, or
 * 'Private seller'), how they answer bookings,
 * their rating, their cars for sale (the search's cards) and their reviews. The server renders
 * its title, description and JSON-LD (server/src/pages/seller-pages.ts). `actions` go beside the
 * name (the 'Report' button). An unknown seller shows `notFound`.
 */
export function SellerPage({
  notFound,
  actions,
}: {
  notFound: ReactNode;
  actions?: (seller: Seller) => ReactNode;
}) {
  const { id = '' } = useParams();
  const query = useGetSellerQuery(id ? { id } : skipToken);
  const seller = query.currentData;
  const status =
    query.error && 'status' in query.error ? (query.error as { status: unknown }).status : null;
  if (!id || status === 404 || status === 400) return <>{notFound}</>;
  if (!seller) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {query.isError ? (
          <LoadFailure what="this seller" retry={query.refetch} retrying={query.isFetching} />
        ) : (
          <Spinner minHeight={480} label="Loading the seller" />
        )}
      </Container>
    );
  }
  const facts = [
    memberSince(seller.memberSince),
    seller.emailConfirmed ? 'E-mail confirmed' : null,
    carsSold(seller.carsSold),
    answersWithin(seller.responses),
    answeredShare(seller.responses),
  ].filter((fact): fact is string => fact !== null);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{`${seller.name} – seller on CarDealer`}</title>
      <Box
        component="section"
        aria-labelledby="seller-name"
        sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap', mb: 4 }}
      >
        <UserAvatar src={seller.photo} alt={seller.name} size={96} />
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id="seller-name" component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {seller.name}
            </Typography>
            {seller.verified === 'true' && (
              <VerifiedIcon titleAccess="Verified seller" sx={{ color: '#1d9bf0' }} />
            )}
            <SellerTypeTag type={seller.sellerType} />
            {actions?.(seller)}
            <ReportButton targetKind="user" targetId={seller._id} name={seller.name} />
          </Box>
          <Typography sx={{ fontWeight: 700, mt: 0.5 }}>{ratingText(seller.rating)}</Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
          >
            {facts.map((fact) => (
              <Typography component="li" key={fact} variant="body2" color="text.secondary">
                {fact}
              </Typography>
            ))}
          </Box>
        </Box>
      </Box>
      {seller.dealer && <DealerDetails dealer={seller.dealer} />}
      <Box component="section" aria-labelledby="seller-cars" sx={{ mb: 5 }}>
        <Typography id="seller-cars" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Cars for sale ({seller.carsForSale})
        </Typography>
        <SellerCars id={seller._id} />
      </Box>
      <Box component="section" aria-labelledby="seller-reviews">
        <Typography id="seller-reviews" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Reviews ({seller.rating.count})
        </Typography>
        <SellerReviews id={seller._id} sellerName={seller.name} />
      </Box>
    </Container>
  );
}
