import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/api';
import { useUpdateCategoryMutation, type AdminCategory } from '../../lib/api/categories';
import { notify } from '../../lib/notify/notify';

/** How many categories the home page shows (the first ones, by position). */
export const ON_HOME = 4;

/**
 * The columns of the Categories grid: the order with its up and down arrows (of `count`
 * categories), picture, name, rating, cars, whether the home page shows it, and Edit and Delete.
 */
export function useCategoryColumns(
  count: number,
  onEdit: (category: AdminCategory) => void,
  onDelete: (category: AdminCategory) => void,
) {
  const [update] = useUpdateCategoryMutation();
  return useMemo<GridColDef<AdminCategory>[]>(() => {
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
              onClick={() => onEdit(row)}
              aria-label={`Edit ${row.categoryName}`}
            >
              Edit
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              onClick={() => onDelete(row)}
              aria-label={`Delete ${row.categoryName}`}
            >
              Delete
            </Button>
          </Box>
        ),
      },
    ];
  }, [update, count, onEdit, onDelete]);
}
