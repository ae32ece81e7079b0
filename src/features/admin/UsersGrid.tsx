import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { errorMessage, getBuyersLimits, type User } from '../../lib/api';
import {
  useDeleteUserMutation,
  useGetBuyersPageQuery,
  useGetSellersPageQuery,
  useVerifySellerMutation,
  type UserPageArg,
} from '../../lib/api/admin';
import { notify } from '../../lib/notify/notify';

/** What differs between All buyers and All sellers (their strings among them). */
export const userLists = {
  buyers: {
    title: 'All buyers',
    heading: 'All Buyers',
    empty: 'No buyers found',
    what: 'the buyers',
    deleted: 'Buyer deleted succesfull',
    kind: 'buyer',
  },
  sellers: {
    title: 'All sellers',
    heading: 'All Sellers',
    empty: 'No seller found',
    what: 'the sellers',
    deleted: 'Seller deleted succesfull',
    kind: 'seller',
  },
} as const;

export const VERIFIED_MESSAGE = 'User verified success full';

type Kind = keyof typeof userLists;

export const PAGE_SIZES = [10, 25, 50];

/** The fields the server sorts by (the contract's `sort`: the same for buyers and sellers). */
const SERVER_SORTS: readonly string[] = getBuyersLimits.query.sort.enum;
type ServerSort = NonNullable<UserPageArg['sort']>;
/** A column the server can sort by; the others are not sortable. */
const isServerSort = (field: string): field is ServerSort => SERVER_SORTS.includes(field);

/** The grid's page, sort and search as the server's `limit`, `offset`, `sort`, `order`, `q`. */
export function pageArg(
  pagination: GridPaginationModel,
  sortModel: GridSortModel,
  filterModel: GridFilterModel,
): UserPageArg {
  const sorted = sortModel[0];
  const q = (filterModel.quickFilterValues ?? []).join(' ').trim();
  return {
    limit: pagination.pageSize,
    offset: pagination.page * pagination.pageSize,
    ...(sorted && sorted.sort && isServerSort(sorted.field)
      ? { sort: sorted.field, order: sorted.sort }
      : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * The admin's list of buyers or sellers on a DataGrid: paging, sorting and the search box are
 * done by the server (one page of rows is fetched at a time; X-Total-Count gives the row count).
 * Delete asks first; verify and delete update the grid at once and roll back, with the
 * reason, if the server refuses. Success toasts show only on success.
 */
export function UsersGrid({ kind }: { kind: Kind }) {
  const text = userLists[kind];
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const arg = pageArg(pagination, sortModel, filterModel);
  const buyers = useGetBuyersPageQuery(arg, { skip: kind !== 'buyers' });
  const sellers = useGetSellersPageQuery(arg, { skip: kind !== 'sellers' });
  const query = kind === 'buyers' ? buyers : sellers;
  const total = query.data?.total;
  // A page emptied by deletes (or a shorter search) moves back to the last page that has rows.
  useEffect(() => {
    if (total === undefined || query.isFetching) return;
    const last = Math.max(0, Math.ceil(total / pagination.pageSize) - 1);
    if (pagination.page > last) setPagination((model) => ({ ...model, page: last }));
  }, [total, query.isFetching, pagination]);
  const [deleteUser] = useDeleteUserMutation();
  const [verifySeller] = useVerifySellerMutation();
  // The user asked about stays set while the dialog closes, so its text does not flicker.
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [confirming, setConfirming] = useState(false);

  const columns = useMemo<GridColDef<User>[]>(() => {
    async function verify(user: User) {
      try {
        await verifySeller({ id: user._id }).unwrap();
        notify.success(VERIFIED_MESSAGE);
      } catch (error) {
        notify.error(`${user.name} could not be verified: ${errorMessage(error)}`);
      }
    }
    const list: GridColDef<User>[] = [
      {
        field: 'userImg',
        headerName: 'Image',
        width: 84,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Avatar src={row.userImg || undefined} alt={row.name} sx={{ width: 40, height: 40 }}>
              {row.name.charAt(0).toUpperCase()}
            </Avatar>
          </Box>
        ),
      },
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      { field: 'email', headerName: 'Email', flex: 1.4, minWidth: 220 },
    ];
    if (kind === 'sellers') {
      list.push({
        field: 'userVerify',
        headerName: 'Make verify',
        width: 190,
        type: 'singleSelect',
        valueOptions: [
          { value: 'true', label: 'verified' },
          { value: 'false', label: 'not verified' },
        ],
        renderCell: ({ row }) =>
          row.userVerify === 'true' ? (
            <Button size="small" variant="outlined" color="success" disabled>
              verified
            </Button>
          ) : (
            <Button
              size="small"
              variant="contained"
              color="secondary"
              onClick={() => void verify(row)}
              aria-label={`Make seller verify: ${row.name}`}
            >
              Make seller verify
            </Button>
          ),
      });
    }
    list.push({
      field: 'action',
      headerName: 'Action',
      width: 120,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => {
            setToDelete(row);
            setConfirming(true);
          }}
          aria-label={`Delete ${row.name}`}
        >
          Delete
        </Button>
      ),
    });
    return list;
  }, [kind, verifySeller]);

  async function remove(user: User) {
    setConfirming(false);
    try {
      const result = await deleteUser({ id: user._id }).unwrap();
      if (result.deletedCount > 0) notify.success(text.deleted);
      else notify.blank(`${user.name} was already deleted.`);
    } catch (error) {
      notify.error(`${user.name} could not be deleted: ${errorMessage(error)}`);
    }
  }

  return (
    <Card>
      <title>{text.title}</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <QueryState query={query} what={text.what}>
          {({ users, total: rowCount }) =>
            rowCount === 0 && !arg.q && users.length === 0 ? (
              <Typography component="h1" variant="h4">
                {text.empty}
              </Typography>
            ) : (
              <>
                <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
                  {text.heading}
                </Typography>
                {/* The grid scrolls its own columns on a narrow screen; toolbar and pager stay. */}
                <Box sx={{ width: '100%', minWidth: 0 }}>
                  <DataGrid
                    aria-label={text.heading}
                    rows={users}
                    rowCount={rowCount}
                    loading={query.isFetching}
                    columns={columns}
                    getRowId={(row) => row._id}
                    rowHeight={64}
                    autoHeight
                    // Ten rows a page need no virtualisation (and every cell stays reachable).
                    disableVirtualization
                    disableRowSelectionOnClick
                    showToolbar
                    paginationMode="server"
                    sortingMode="server"
                    filterMode="server"
                    // One search box (the server's `q`: name or email contains); no column filters.
                    disableColumnFilter
                    slotProps={{ toolbar: { quickFilterProps: { debounceMs: 400 } } }}
                    paginationModel={pagination}
                    onPaginationModelChange={setPagination}
                    sortModel={sortModel}
                    onSortModelChange={(model) => {
                      setSortModel(model);
                      setPagination((current) => ({ ...current, page: 0 }));
                    }}
                    filterModel={filterModel}
                    onFilterModelChange={(model) => {
                      setFilterModel(model);
                      setPagination((current) => ({ ...current, page: 0 }));
                    }}
                    pageSizeOptions={PAGE_SIZES}
                    sx={{ bgcolor: 'background.paper' }}
                  />
                </Box>
              </>
            )
          }
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${toDelete?.name ?? `this ${text.kind}`}?`}
        confirmLabel="Delete"
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setConfirming(false)}
      >
        {kind === 'sellers'
          ? `${toDelete?.email ?? 'This seller'} loses their account, their cars and the bookings on them. This cannot be undone.`
          : `${toDelete?.email ?? 'This buyer'} loses their account and their bookings. This cannot be undone.`}
      </ConfirmDialog>
    </Card>
  );
}
