import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { QueryState } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { StatusChip } from '../../components/StatusChip';
import { paths } from '../../config/paths';
import { useGetOrdersQuery, type Order } from '../../lib/api';
import { selectTokenReady, selectUserEmail } from '../../lib/auth/authSlice';
import { formatPrice } from '../../lib/format';
import { OrderActions } from './OrderActions';
import { responsiveImage } from '../../lib/images';

export const NO_ORDERS = 'No order found';

function NoOrders() {
  return (
    <Paper variant="outlined" sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 2 }}>
      <Box
        component="img"
        src="/images/empty-orders.svg"
        alt="An empty shopping cart with a car key"
        width={400}
        height={300}
        sx={{ width: '100%', maxWidth: 280, height: 'auto', display: 'block', mx: 'auto', mb: 2 }}
      />
      <Typography component="h1" variant="h5" gutterBottom>
        {NO_ORDERS}
      </Typography>
      <Typography color="text.secondary">
        Cars you book from a category page show up here.
      </Typography>
    </Paper>
  );
}

function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="My orders" sx={{ minWidth: 300, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'background.default' } }}>
            <TableCell sx={{ width: { xs: 32, sm: 56 } }}>Sri</TableCell>
            <TableCell>Image</TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order, i) => (
            <TableRow key={order._id} hover>
              <TableCell>{i + 1}</TableCell>
              <TableCell>
                <Box
                  component="img"
                  {...responsiveImage(order.carImage, order.carImageCopies, {
                    width: 96,
                    sizes: '(max-width: 599px) 56px, 96px',
                  })}
                  alt={order.productName}
                  width={96}
                  height={60}
                  loading="lazy"
                  sx={{
                    width: { xs: 56, sm: 96 },
                    height: 'auto',
                    aspectRatio: '16 / 10',
                    objectFit: 'cover',
                    borderRadius: 1.5,
                    display: 'block',
                    bgcolor: 'grey.100',
                  }}
                />
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>
                <Link component={RouterLink} to={paths.order.to(order._id)} underline="hover">
                  {order.productName}
                </Link>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                {formatPrice(order.productPrice)}
              </TableCell>
              <TableCell>
                <StatusChip status={order.status} />
                {order.reason && (
                  <Typography variant="caption" component="p" color="text.secondary">
                    {order.reason}
                  </Typography>
                )}
                <Box sx={{ mt: 1 }}>
                  <OrderActions order={order} party="buyer" />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * My orders: a table without a heading (Sri, Image, Name, Price, and, added (docs/differences.md),
 * Status and 'Cancel booking' while open), or 'No order found'.
 */
export function MyOrdersPage() {
  const email = useAppSelector(selectUserEmail);
  const tokenReady = useAppSelector(selectTokenReady);
  const query = useGetOrdersQuery(email && tokenReady ? { email } : skipToken);
  return (
    <>
      <title>My orders</title>
      {!email || !tokenReady ? (
        <Spinner minHeight={320} label="Loading your orders" />
      ) : (
        <QueryState query={query} minHeight={320} what="your orders">
          {(orders) => (orders.length === 0 ? <NoOrders /> : <OrdersTable orders={orders} />)}
        </QueryState>
      )}
    </>
  );
}
