import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { SelectInput } from '../../components/SelectInput';
import { formatPrice } from '../../lib/format';
import type { ImportRow, ImportRowResult } from './importTypes';
import { ratingText, rowResultText } from './importText';

const PAGE_SIZE = 25;

type Filter = 'all' | ImportRowResult;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Every row' },
  { value: 'refused', label: 'Refused' },
  { value: 'over-allowance', label: 'Over today’s allowance' },
  { value: 'new', label: 'New' },
  { value: 'updated', label: 'Updated' },
  { value: 'unchanged', label: 'Unchanged' },
];

const RESULT_COLOURS: Record<ImportRowResult, string> = {
  new: 'success.dark',
  updated: 'info.dark',
  unchanged: 'text.secondary',
  refused: 'error.dark',
  'over-allowance': 'warning.dark',
};

/** 'VIN 1HGCM…' or 'Stock A-12': how the dealer knows the car, under its name. */
function carKey(row: ImportRow): string | null {
  if (row.vin) return `VIN ${row.vin}`;
  if (row.stockNumber) return `Stock ${row.stockNumber}`;
  return null;
}

function RowLine({ row }: { row: ImportRow }) {
  const key = carKey(row);
  return (
    <TableRow>
      <TableCell>{row.row}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Box sx={{ fontWeight: 600 }}>{row.name ?? '—'}</Box>
        {key && (
          <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
            {key}
          </Box>
        )}
      </TableCell>
      <TableCell align="right">{row.price === null ? '—' : formatPrice(row.price)}</TableCell>
      <TableCell align="right">
        {row.marketValue === null ? '—' : formatPrice(row.marketValue)}
      </TableCell>
      <TableCell>{ratingText(row.rating) ?? '—'}</TableCell>
      <TableCell sx={{ minWidth: 200, color: RESULT_COLOURS[row.result], fontWeight: 600 }}>
        {rowResultText(row)}
      </TableCell>
    </TableRow>
  );
}

/** Every row's result in the dry run, filterable by result, a page of 25 at a time. */
export function ImportRowsTable({ rows }: { rows: readonly ImportRow[] }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const shown = useMemo(
    () => (filter === 'all' ? rows : rows.filter((row) => row.result === filter)),
    [rows, filter],
  );
  const lastPage = Math.max(0, Math.ceil(shown.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  return (
    <Box component="section" aria-labelledby="import-rows-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1.5,
        }}
      >
        <Typography
          id="import-rows-title"
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700 }}
        >
          Every row
        </Typography>
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <SelectInput
            label="Show"
            name="import-rows-filter"
            value={filter}
            options={FILTERS}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(0);
            }}
          />
        </Box>
      </Box>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-labelledby="import-rows-title"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" aria-labelledby="import-rows-title">
          <TableHead>
            <TableRow>
              <TableCell>Row</TableCell>
              <TableCell>Car</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Market value</TableCell>
              <TableCell>Rating</TableCell>
              <TableCell>Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE).map((row) => (
              <RowLine key={row.row} row={row} />
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No rows of this kind.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={shown.length}
          page={current}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </Box>
  );
}
