import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { QueryState } from '../../components/QueryState';
import { useGetAllOrdersPageQuery, type Order, type OrderStatus } from '../../lib/api/deals';
import { formatPrice, formatWhen } from '../../lib/format';
import { STATUS_LABEL } from '../../lib/orderStatus';

const STATUSES = Object.keys(STATUS_LABEL) as OrderStatus[];
const PAGE_SIZES = [10, 25, 50];

/** All orders (admins): every booking, newest first, on a grid, filtered by state. */
export function AllOrdersPage() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const query = useGetAllOrdersPageQuery({
    limit: pagination.pageSize,
    offset: pagination.page * pagination.pageSize,
    status: status || undefined,
  });
  const columns = useMemo<GridColDef<Order>[]>(
    () => [
      { field: 'productName', headerName: 'Car', flex: 1.2, minWidth: 160, sortable: false },
      { field: 'buyerName', headerName: 'Buyer', flex: 1, minWidth: 140, sortable: false },
      { field: 'sellerName', headerName: 'Seller', flex: 1, minWidth: 140, sortable: false },
      {
        field: 'productPrice',
        headerName: 'Price',
        minWidth: 110,
        sortable: false,
        valueFormatter: (value: number) => formatPrice(value),
      },
      {
        field: 'status',
        headerName: 'Status',
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: OrderStatus) => STATUS_LABEL[value],
      },
      {
        field: 'createdAt',
        headerName: 'Booked on',
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string) => formatWhen(value),
      },
    ],
    [],
  );
  return (
    <Card>
      <title>All orders</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
          All orders
        </Typography>
        <TextField
          select
          label="State"
          size="small"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPagination((current) => ({ ...current, page: 0 }));
          }}
          sx={{ mb: 2, minWidth: 180 }}
        >
          <MenuItem value="">Every state</MenuItem>
          {STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABEL[value]}
            </MenuItem>
          ))}
        </TextField>
        <QueryState query={query} what="the orders">
          {({ orders, total }) => (
            <Box sx={{ width: '100%', minWidth: 0 }}>
              <DataGrid
                aria-label="All orders"
                rows={orders}
                rowCount={total}
                loading={query.isFetching}
                columns={columns}
                getRowId={(row) => row._id}
                autoHeight
                disableVirtualization
                disableRowSelectionOnClick
                disableColumnFilter
                paginationMode="server"
                paginationModel={pagination}
                onPaginationModelChange={setPagination}
                pageSizeOptions={PAGE_SIZES}
                sx={{ bgcolor: 'background.paper' }}
              />
            </Box>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
