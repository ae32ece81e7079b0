import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useGetSellerOrdersPageQuery, type Order, type OrderStatus } from '../../lib/api/deals';
import { formatPrice } from '../../lib/format';
import { OrderActions } from './OrderActions';
import { formatWhen } from '../../lib/format';
import { STATUS_LABEL } from '../../lib/orderStatus';
import { StatusChip } from '../../components/StatusChip';
import { responsiveImage } from '../../lib/images';

const PAGE = 20;
const FILTERS: (OrderStatus | 'all')[] = [
  'all',
  'requested',
  'accepted',
  'sold',
  'declined',
  'cancelled',
];

function Booking({ order }: { order: Order }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box
            component="img"
            {...responsiveImage(order.carImage, order.carImageCopies, {
              width: 160,
              sizes: '(max-width: 599px) 100vw, 160px',
            })}
            alt={order.productName}
            width={160}
            height={100}
            loading="lazy"
            sx={{
              width: { xs: '100%', sm: 160 },
              height: 'auto',
              alignSelf: 'flex-start',
              aspectRatio: '16 / 10',
              objectFit: 'cover',
              borderRadius: 1.5,
              bgcolor: 'grey.100',
            }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem' }}>
                <Link component={RouterLink} to={paths.order.to(order._id)} underline="hover">
                  {order.productName}
                </Link>
              </Typography>
              <StatusChip status={order.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatPrice(order.productPrice)} · booked on {formatWhen(order.createdAt)}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.25,
                my: 1.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              <dt>Buyer</dt>
              <dd>{order.buyerName}</dd>
              <dt>Email</dt>
              <dd>
                <Link href={`mailto:${order.buyerEmail}`}>{order.buyerEmail}</Link>
              </dd>
              <dt>Phone</dt>
              <dd>
                <Link href={`tel:${order.phone.replace(/[^0-9+]/g, '')}`}>{order.phone}</Link>
              </dd>
              <dt>Meeting place</dt>
              <dd>{order.meetLocation}</dd>
              {order.reason && (
                <>
                  <dt>Reason</dt>
                  <dd>{order.reason}</dd>
                </>
              )}
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <OrderActions order={order} party="seller" />
              <Button
                size="small"
                component={RouterLink}
                to={paths.order.to(order._id)}
                aria-label={`Open the booking of ${order.productName} by ${order.buyerName}`}
              >
                Open
              </Button>
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Bookings (sellers): every booking on the seller's cars, newest first, by state. */
export function BookingsPage() {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [offset, setOffset] = useState(0);
  const query = useGetSellerOrdersPageQuery({
    limit: PAGE,
    offset,
    status: status === 'all' ? undefined : status,
  });
  return (
    <>
      <title>Bookings</title>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Bookings
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_event, next: OrderStatus | 'all' | null) => {
          if (!next) return;
          setStatus(next);
          setOffset(0);
        }}
        aria-label="Show bookings"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {FILTERS.map((filter) => (
          <ToggleButton key={filter} value={filter}>
            {filter === 'all' ? 'All' : STATUS_LABEL[filter]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <QueryState query={query} what="the bookings" minHeight={320}>
        {({ orders, total }) =>
          orders.length === 0 ? (
            <Typography color="text.secondary">
              {status === 'all'
                ? 'No bookings yet. When a buyer books one of your cars, it shows here.'
                : `No ${STATUS_LABEL[status].toLowerCase()} bookings.`}
            </Typography>
          ) : (
            <Stack spacing={2}>
              {orders.map((order) => (
                <Booking key={order._id} order={order} />
              ))}
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {offset + 1}–{offset + orders.length} of {total}
                </Typography>
                <Button
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  Newer
                </Button>
                <Button
                  disabled={offset + orders.length >= total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  Older
                </Button>
              </Stack>
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}
