import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
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

/** 'Row 5 · VIN 1HGCM…' or 'Row 6 · Stock A-12': where the row is and how the dealer knows the car. */
function rowKey(row: ImportRow): string {
  if (row.vin) return `Row ${row.row} · VIN ${row.vin}`;
  if (row.stockNumber) return `Row ${row.row} · Stock ${row.stockNumber}`;
  return `Row ${row.row}`;
}

const caption = { display: 'block', typography: 'caption', color: 'text.secondary' } as const;

/** The price, its market value and the rating the price gets. */
function PriceBlock({ row }: { row: ImportRow }) {
  const rating = ratingText(row.rating);
  return (
    <>
      <Box sx={{ fontWeight: 600 }}>{row.price === null ? 'No price' : formatPrice(row.price)}</Box>
      {row.marketValue !== null && (
        <Box component="span" sx={caption}>
          Market value {formatPrice(row.marketValue)}
        </Box>
      )}
      {rating && (
        <Box component="span" sx={{ ...caption, fontWeight: 700, color: 'text.primary' }}>
          {rating}
        </Box>
      )}
    </>
  );
}

/** One row: on a narrow screen its price goes under the car, leaving two columns. */
function RowLine({ row, narrow }: { row: ImportRow; narrow: boolean }) {
  return (
    <TableRow>
      <TableCell sx={{ width: { xs: '62%', sm: '40%' } }}>
        <Box sx={{ fontWeight: 600 }}>
          {row.productId ? (
            <Link component={RouterLink} to={paths.car.to(row.productId)}>
              {row.name ?? 'Your car'}
            </Link>
          ) : (
            (row.name ?? '—')
          )}
        </Box>
        <Box component="span" sx={{ ...caption, overflowWrap: 'anywhere' }}>
          {rowKey(row)}
        </Box>
        {narrow && (
          <Box sx={{ mt: 0.5 }}>
            <PriceBlock row={row} />
          </Box>
        )}
      </TableCell>
      <TableCell sx={{ color: RESULT_COLOURS[row.result], fontWeight: 600 }}>
        {rowResultText(row)}
      </TableCell>
      {!narrow && (
        <TableCell align="right" sx={{ width: 170, whiteSpace: 'nowrap' }}>
          <PriceBlock row={row} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** Every row's result in the dry run, filterable by result, a page of 25 at a time. */
export function ImportRowsTable({ rows }: { rows: readonly ImportRow[] }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(0);
  const shown = useMemo(
    () => (filter === 'all' ? rows : rows.filter((row) => row.result === filter)),
    [rows, filter],
  );
  const lastPage = Math.max(0, Math.ceil(shown.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  return (
    <Box>
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
        <Table
          size="small"
          aria-labelledby="import-rows-title"
          sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Car</TableCell>
              <TableCell>Result</TableCell>
              {!narrow && <TableCell align="right">Price and its rating</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE).map((row) => (
              <RowLine key={row.row} row={row} narrow={narrow} />
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={narrow ? 2 : 3}>No rows of this kind.</TableCell>
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
