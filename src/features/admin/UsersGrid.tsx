import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridFilterModel,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { errorMessage, getBuyersLimits, type User } from '../../lib/api';
import {
  useDeleteUserMutation,
  useGetBuyersPageQuery,
  useGetSellersPageQuery,
  type UserPageArg,
} from '../../lib/api/admin';
import { notify } from '../../lib/notify/notify';
import {
  PAGE_SIZES,
  pageAndSort,
  useLastPageWithRows,
  useServerPaging,
} from '../../lib/serverGrid';
import { useUserColumns, VERIFIED_MESSAGE } from './userColumns';

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

export { VERIFIED_MESSAGE };

export type Kind = keyof typeof userLists;

export { PAGE_SIZES };

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
  const q = (filterModel.quickFilterValues ?? []).join(' ').trim();
  return { ...pageAndSort(pagination, sortModel, isServerSort), ...(q ? { q } : {}) };
}

/**
 * The admin's list of buyers or sellers on a DataGrid: paging, sorting and the search box are
 * done by the server (one page of rows is fetched at a time; X-Total-Count gives the row count).
 * Delete asks first; verify and delete update the grid at once and roll back, with the
 * reason, if the server refuses. Success toasts show only on success.
 */
export function UsersGrid({ kind }: { kind: Kind }) {
  const text = userLists[kind];
  const paging = useServerPaging();
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const arg = pageArg(paging.pagination, paging.sortModel, filterModel);
  const buyers = useGetBuyersPageQuery(arg, { skip: kind !== 'buyers' });
  const sellers = useGetSellersPageQuery(arg, { skip: kind !== 'sellers' });
  const query = kind === 'buyers' ? buyers : sellers;
  const total = query.data?.total;
  useLastPageWithRows(paging, total, query.isFetching);
  const [deleteUser] = useDeleteUserMutation();
  // The user asked about stays set while the dialog closes, so its text does not flicker.
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [confirming, setConfirming] = useState(false);

  const askToDelete = useCallback((user: User) => {
    setToDelete(user);
    setConfirming(true);
  }, []);
  const columns = useUserColumns(kind, askToDelete);

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
                    {...paging.gridProps}
                    filterMode="server"
                    // One search box (the server's `q`: name or email contains); no column filters.
                    disableColumnFilter
                    slotProps={{ toolbar: { quickFilterProps: { debounceMs: 400 } } }}
                    filterModel={filterModel}
                    onFilterModelChange={(model) => {
                      setFilterModel(model);
                      paging.toFirstPage();
                    }}
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
