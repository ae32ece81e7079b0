import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { QueryState } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import {
  useGetNotificationsQuery,
  useGetOrderQuery,
  useMarkNotificationsReadMutation,
  type Order,
} from '../../lib/api/deals';
import { selectTokenReady, selectUserEmail } from '../../lib/auth/authSlice';
import { formatPrice } from '../../lib/format';
import { BookingReview } from './BookingReview';
import { Conversation } from './Conversation';
import { OrderActions } from './OrderActions';
import { formatWhen } from '../../lib/format';
import { STATUS_LABEL } from '../../lib/orderStatus';
import type { Party } from './orderMoves';
import { StatusChip } from '../../components/StatusChip';
import { responsiveImage } from '../../lib/images';

function Timeline({ order }: { order: Order }) {
  return (
    <Box component="ol" aria-label="Timeline" sx={{ m: 0, pl: 2.5 }}>
      {order.history.map((step, i) => (
        <li key={`${step.status}-${i}`}>
          <Typography variant="body2">
            <strong>{STATUS_LABEL[step.status]}</strong> — {formatWhen(step.at)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Contact({ order, party }: { order: Order; party: Party }) {
  const seller = order.sellerId ? (
    <RouterLink to={paths.seller.to(order.sellerId)}>{order.sellerName}</RouterLink>
  ) : (
    order.sellerName
  );
  const rows: [string, ReactNode][] =
    party === 'buyer'
      ? [
          ['Seller', seller],
          ['Email', order.sellerEmail],
          // The seller's own number: only while the booking is accepted, if they gave one.
          ...(order.contactPhone ? [['Phone', order.contactPhone] as [string, ReactNode]] : []),
        ]
      : [
          ['Buyer', order.buyerName],
          ['Email', order.buyerEmail],
          ['Phone', order.phone],
          ...(order.contactPhone && order.contactPhone !== order.phone
            ? [['Account phone', order.contactPhone] as [string, ReactNode]]
            : []),
          ['Meeting place', order.meetLocation],
        ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.25,
        m: 0,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** Marks this booking's unread notifications read once it is open. */
function useReadNotificationsOf(orderId: string) {
  const notifications = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  const unread = (notifications.data?.items ?? [])
    .filter((item) => item.orderId === orderId && !item.read)
    .map((item) => item._id);
  const key = unread.join(',');
  useEffect(() => {
    if (key) void markRead({ body: { ids: key.split(',') } });
  }, [key, markRead]);
}

function Booking({ order, me }: { order: Order; me: string }) {
  const party: Party = order.buyerEmail === me ? 'buyer' : 'seller';
  useReadNotificationsOf(order._id);
  return (
    <Stack spacing={3}>
      <title>{`Booking: ${order.productName}`}</title>
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <Box
              component="img"
              {...responsiveImage(order.carImage, order.carImageCopies, {
                width: 240,
                sizes: '(max-width: 599px) 100vw, 240px',
              })}
              alt={order.productName}
              width={240}
              height={150}
              sx={{
                width: { xs: '100%', sm: 240 },
                alignSelf: 'flex-start',
                height: 'auto',
                aspectRatio: '16 / 10',
                objectFit: 'cover',
                borderRadius: 2,
                bgcolor: 'grey.100',
              }}
            />
            <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h1" variant="h5">
                  {order.productName}
                </Typography>
                <StatusChip status={order.status} />
              </Stack>
              <Typography sx={{ fontWeight: 700 }}>{formatPrice(order.productPrice)}</Typography>
              {order.reason && <Alert severity="info">Reason: {order.reason}</Alert>}
              <OrderActions order={order} party={party} size="medium" />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {order.status === 'sold' && <BookingReview order={order} party={party} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Card variant="outlined" sx={{ flex: 1, width: '100%' }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {party === 'buyer' ? 'The seller' : 'The buyer'}
            </Typography>
            <Contact order={order} party={party} />
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1, width: '100%' }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              Timeline
            </Typography>
            <Timeline order={order} />
          </CardContent>
        </Card>
      </Stack>
      <Conversation order={order} me={me} />
    </Stack>
  );
}

/** A booking's page, for its buyer and its seller: the car, its state, the contact and the conversation. */
export function OrderPage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectUserEmail);
  const tokenReady = useAppSelector(selectTokenReady);
  const query = useGetOrderQuery(me && tokenReady ? { id } : skipToken);
  if (!me || !tokenReady) return <Spinner minHeight={320} label="Loading the booking" />;
  const missing =
    query.isError &&
    'status' in (query.error ?? {}) &&
    (query.error as { status: unknown }).status === 404;
  if (missing) {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={paths.dashboard} color="inherit">
            My dashboard
          </Button>
        }
      >
        There is no such booking, or it is not yours.
      </Alert>
    );
  }
  return (
    <QueryState query={query} what="the booking" minHeight={320}>
      {(order) => <Booking order={order} me={me} />}
    </QueryState>
  );
}
