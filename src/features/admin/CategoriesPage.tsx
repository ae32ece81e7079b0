import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryState } from '../../components/QueryState';
import { errorMessage } from '../../lib/api';
import {
  useDeleteCategoryMutation,
  useGetAdminCategoriesQuery,
  type AdminCategory,
} from '../../lib/api/categories';
import { notify } from '../../lib/notify/notify';
import { ON_HOME, useCategoryColumns } from './categoryColumns';
import { CategoryDialog } from './CategoryDialog';

/** The dialog open: a new category, or the one being edited. */
type Editing = { category: AdminCategory | null } | null;

/**
 * Categories (admins): every make with its picture, name, rating and number of cars, in the
 * order the home page and the seller's form use. Add and Edit open a dialog; the arrows move a
 * category up or down; Delete asks first, and the server refuses a category that still has cars.
 */
export function CategoriesPage() {
  const query = useGetAdminCategoriesQuery();
  const [deleteCategory] = useDeleteCategoryMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = query.data?.length ?? 0;

  const edit = useCallback((category: AdminCategory) => setEditing({ category }), []);
  const askToDelete = useCallback((category: AdminCategory) => {
    setToDelete(category);
    setConfirming(true);
  }, []);
  const columns = useCategoryColumns(count, edit, askToDelete);

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
