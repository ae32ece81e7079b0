import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar';
import { paths } from '../../config/paths';
import { reportFilePath } from './reportFilePath';
import type { ReportFile } from '../../lib/api/reports';
import { formatDay, formatPrice, formatWhen } from '../../lib/format';
import { STATE_LABELS } from './labels';

type FileProduct = NonNullable<ReportFile['product']>;
type FileUser = NonNullable<ReportFile['user']>;
type State = FileProduct['state'];

const STATE_COLORS: Partial<Record<State, 'success' | 'error' | 'warning' | 'default'>> = {
  for_sale: 'success',
  active: 'success',
  hidden: 'error',
  seller_suspended: 'error',
  suspended: 'error',
  pending: 'warning',
};

export function StateChip({ state }: { state: State }) {
  return <Chip size="small" label={STATE_LABELS[state]} color={STATE_COLORS[state] ?? 'default'} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

const facts = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: 2,
  rowGap: 0.5,
} as const;

/** The reported listing as it is now: photo, price, seller, moderation state and reason. */
export function ProductSummary({ product }: { product: FileProduct }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={product.carPhoto}
        alt={product.carName}
        width={220}
        height={140}
        sx={{ width: 220, height: 140, objectFit: 'cover', borderRadius: 1 }}
      />
      <Box component="dl" sx={facts}>
        <Fact label="State">
          <StateChip state={product.state} />
        </Fact>
        <Fact label="Price">{formatPrice(product.resalePrice)}</Fact>
        <Fact label="Seller">
          {product.sellerId ? (
            <Link
              component={RouterLink}
              to={reportFilePath('user', product.sellerId)}
              color="secondary"
            >
              {product.sellerName}
            </Link>
          ) : (
            product.sellerName
          )}
        </Fact>
        {product.hiddenReason && <Fact label="Hidden because">{product.hiddenReason}</Fact>}
        {product.hiddenAt && <Fact label="Hidden on">{formatWhen(product.hiddenAt)}</Fact>}
        {product.reviewAskedAt && (
          <Fact label="Review asked">{formatWhen(product.reviewAskedAt)}</Fact>
        )}
        {product.state !== 'gone' && (
          <Fact label="Page">
            <Link component={RouterLink} to={paths.car.to(product._id)} color="secondary">
              Open the car's page
            </Link>
          </Fact>
        )}
      </Box>
    </Box>
  );
}

/** The reported account as it is now, with its listings and the reviews it received. */
export function UserSummary({
  user,
  reviewAction,
}: {
  user: FileUser;
  /** What a visible review offers the moderator ('Hide review'). */
  reviewAction?: (review: FileUser['reviews'][number]) => ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <UserAvatar src={user.userImg} alt={user.name} size={72} />
        <Box component="dl" sx={facts}>
          <Fact label="State">
            <StateChip state={user.state} />
          </Fact>
          <Fact label="Role">{user.userRole}</Fact>
          <Fact label="E-mail">{user.email}</Fact>
          <Fact label="Member since">{formatDay(user.createdAt)}</Fact>
          {user.suspendedAt && <Fact label="Suspended on">{formatWhen(user.suspendedAt)}</Fact>}
          {user.suspendReason && <Fact label="Suspended because">{user.suspendReason}</Fact>}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="file-listings">
        <Typography id="file-listings" component="h3" variant="h6" gutterBottom>
          Listings ({user.listings.length})
        </Typography>
        {user.listings.length === 0 ? (
          <Typography color="text.secondary">No listings.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {user.listings.map((listing) => (
              <li key={listing._id}>
                <Link
                  component={RouterLink}
                  to={reportFilePath('product', listing._id)}
                  color="secondary"
                >
                  {listing.carName}
                </Link>{' '}
                · {formatPrice(listing.resalePrice)} · {STATE_LABELS[listing.state]}
                {listing.hiddenReason && ` (${listing.hiddenReason})`}
              </li>
            ))}
          </Box>
        )}
      </Box>
      <Box component="section" aria-labelledby="file-reviews">
        <Typography id="file-reviews" component="h3" variant="h6" gutterBottom>
          Reviews received ({user.reviews.length})
        </Typography>
        {user.reviews.length === 0 ? (
          <Typography color="text.secondary">No reviews.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
            {user.reviews.map((review) => (
              <Box component="li" key={review._id} data-review-id={review._id}>
                <Typography sx={{ fontWeight: 600 }}>
                  {review.rating} of 5 stars from {review.buyerName} · {review.productName} ·{' '}
                  {formatWhen(review.createdAt)}
                  {review.hiddenAt && ` · Hidden: ${review.hiddenReason ?? ''}`}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{review.text}</Typography>
                {!review.hiddenAt && reviewAction?.(review)}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
