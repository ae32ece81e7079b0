import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { errorMessage } from '../../lib/api';
import {
  useDeleteCategoryMutation,
  useGetAdminCategoriesQuery,
  useUpdateCategoryMutation,
  type AdminCategory,
} from '../../lib/api/categories';
import { notify } from '../../lib/notify/notify';
import { CategoryDialog } from './CategoryDialog';

/** How many categories the home page shows (the first ones, by position). */
const ON_HOME = 4;

/** The dialog open: a new category, or the one being edited. */
type Editing = { category: AdminCategory | null } | null;

/**
 * Categories (admins): every make with its picture, name, rating and number of cars, in the
 * order the home page and the seller's form use. Add and Edit open a dialog; the arrows move a
 * category up or down; Delete asks first, and the server refuses a category that still has cars.
 */
export function CategoriesPage() {
  const query = useGetAdminCategoriesQuery();
  const [update] = useUpdateCategoryMutation();
  const [deleteCategory] = useDeleteCategoryMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = query.data?.length ?? 0;

  const columns = useMemo<GridColDef<AdminCategory>[]>(() => {
    async function move(category: AdminCategory, position: number) {
      try {
        await update({ id: category._id, body: { position } }).unwrap();
      } catch (error) {
        notify.error(`${category.categoryName} could not be moved: ${errorMessage(error)}`);
      }
    }
    return [
      {
        field: 'position',
        headerName: 'Order',
        width: 124,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
            {/* 34 px buttons, a touch target of 24 px at least (WCAG 2.2). */}
            <Typography component="span" sx={{ minWidth: 20 }}>
              {row.position}
            </Typography>
            <IconButton
              size="small"
              aria-label={`Move ${row.categoryName} up`}
              disabled={row.position <= 1}
              onClick={() => void move(row, row.position - 1)}
            >
              <Box component="span" aria-hidden sx={{ width: 24, lineHeight: '24px' }}>
                ↑
              </Box>
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${row.categoryName} down`}
              disabled={row.position >= count}
              onClick={() => void move(row, row.position + 1)}
            >
              <Box component="span" aria-hidden sx={{ width: 24, lineHeight: '24px' }}>
                ↓
              </Box>
            </IconButton>
          </Box>
        ),
      },
      {
        field: 'image',
        headerName: 'Picture',
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <Box
              component="img"
              src={row.image}
              alt={`${row.categoryName} cars`}
              sx={{ width: 80, height: 50, objectFit: 'cover', borderRadius: 1 }}
            />
          </Box>
        ),
      },
      { field: 'categoryName', headerName: 'Name', flex: 1, minWidth: 140 },
      {
        field: 'rating',
        headerName: 'Rating',
        type: 'number',
        width: 80,
        valueFormatter: (value: number) => value.toFixed(1),
      },
      { field: 'cars', headerName: 'Cars', type: 'number', width: 70 },
      {
        field: 'onHome',
        headerName: 'Home page',
        width: 104,
        sortable: false,
        valueGetter: (_value, row) => (row.position <= ON_HOME ? 'shown' : '—'),
      },
      {
        field: 'action',
        headerName: 'Action',
        width: 180,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setEditing({ category: row })}
              aria-label={`Edit ${row.categoryName}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={() => {
                setToDelete(row);
                setConfirming(true);
              }}
              aria-label={`Delete ${row.categoryName}`}
            >
              Delete
            </Button>
          </Box>
        ),
      },
    ];
  }, [update, count]);

  async function remove(category: AdminCategory) {
    setConfirming(false);
    try {
      await deleteCategory({ id: category._id }).unwrap();
      notify.success(`${category.categoryName} deleted`);
    } catch (error) {
      notify.error(`${category.categoryName} could not be deleted: ${errorMessage(error)}`);
    }
  }

  return (
    <Card>
      <title>Categories</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 3,
          }}
        >
          <Typography component="h1" variant="h4">
            Categories
          </Typography>
          <Button variant="contained" onClick={() => setEditing({ category: null })}>
            Add category
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The makes buyers browse and sellers list their cars in. The home page shows the first{' '}
          {ON_HOME}; a category with cars cannot be deleted.
        </Typography>
        <QueryState query={query} what="the categories">
          {(categories) => (
            <Box sx={{ width: '100%', minWidth: 0 }}>
              <DataGrid
                aria-label="Categories"
                rows={categories}
                loading={query.isFetching}
                columns={columns}
                getRowId={(row) => row._id}
                rowHeight={64}
                autoHeight
                disableVirtualization
                disableRowSelectionOnClick
                disableColumnFilter
                hideFooter={categories.length <= 100}
                sx={{ bgcolor: 'background.paper' }}
              />
            </Box>
          )}
        </QueryState>
      </CardContent>
      {editing ? (
        <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${toDelete?.categoryName ?? 'this category'}?`}
        confirmLabel="Delete"
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setConfirming(false)}
      >
        {toDelete && toDelete.cars > 0
          ? `${toDelete.categoryName} still has ${toDelete.cars} ${toDelete.cars === 1 ? 'car' : 'cars'}: a category with cars cannot be deleted.`
          : 'Buyers will no longer see it. This cannot be undone.'}
      </ConfirmDialog>
    </Card>
  );
}
