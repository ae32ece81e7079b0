import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { errorMessage, type User } from '../../lib/api';
import { useVerifySellerMutation } from '../../lib/api/admin';
import { notify } from '../../lib/notify/notify';

export const VERIFIED_MESSAGE = 'User verified success full';

/**
 * The columns of All buyers or All sellers: photo, name, email, (for sellers) the verify button,
 * and Delete, which hands the user to `onDelete` (it asks first).
 */
export function useUserColumns(kind: 'buyers' | 'sellers', onDelete: (user: User) => void) {
  const [verifySeller] = useVerifySellerMutation();
  return useMemo<GridColDef<User>[]>(() => {
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
          onClick={() => onDelete(row)}
          aria-label={`Delete ${row.name}`}
        >
          Delete
        </Button>
      ),
    });
    return list;
  }, [kind, verifySeller, onDelete]);
}
