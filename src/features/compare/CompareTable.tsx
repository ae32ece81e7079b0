import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VerifiedIcon } from '../../components/icons';
import type { CarDetails } from '../../lib/api';
import { CompareHeader } from './CompareHeader';
import { COMPARE_ROWS, differs, type CompareRow } from './compareRows';
import type { CompareColumn } from './useCompareColumns';

/** Widths in px of the row names' column and of a car's, on a phone and from `sm` up. */
const HEAD = { xs: 112, sm: 160 };
const CAR = { xs: 160, sm: 220 };

/** The row names' column: kept in view while the cars scroll sideways on a narrow screen. */
const rowHead = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  textAlign: 'left',
  verticalAlign: 'top',
  fontWeight: 600,
  color: 'text.secondary',
  fontSize: { xs: '0.875rem', sm: '1rem' },
  overflowWrap: 'normal',
  width: { xs: HEAD.xs, sm: HEAD.sm },
  minWidth: { xs: HEAD.xs, sm: HEAD.sm },
  boxShadow: 'inset -1px 0 0 rgba(0,0,0,0.12)',
} as const;
const cell = {
  p: { xs: 1, sm: 1.5 },
  borderBottom: 1,
  borderColor: 'divider',
  verticalAlign: 'top',
  textAlign: 'left',
  overflowWrap: 'anywhere',
} as const;

function Value({ row, car }: { row: CompareRow; car: CarDetails }) {
  if (row.label !== 'Seller') return <>{row.value(car)}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {row.value(car)}
      {car.seller.verified && (
        <VerifiedIcon titleAccess="Verified seller" fontSize="small" sx={{ color: '#1d9bf0' }} />
      )}
    </Box>
  );
}

/**
 * The cars side by side: a column per car (its head, then its values), a row per field. With
 * `onlyDifferences`, rows where every car is the same are left out.
 */
export function CompareTable({
  columns,
  onlyDifferences,
  onRemove,
}: {
  columns: CompareColumn[];
  onlyDifferences: boolean;
  onRemove: (id: string) => void;
}) {
  const cars = columns.flatMap((column) => (column.state === 'car' ? [column.car] : []));
  const rows = onlyDifferences ? COMPARE_ROWS.filter((row) => differs(row, cars)) : COMPARE_ROWS;
  return (
    <>
      <Box
        role="region"
        aria-label="Cars side by side"
        // Scrolls sideways on a narrow screen: reachable by keyboard.
        tabIndex={0}
        sx={{
          // As wide as its columns (one car is not stretched over the page), at most the page's.
          width: 'fit-content',
          maxWidth: '100%',
          overflowX: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            tableLayout: 'fixed',
            width: {
              xs: HEAD.xs + columns.length * CAR.xs,
              sm: HEAD.sm + columns.length * CAR.sm,
            },
          }}
        >
          <Box component="thead">
            <tr>
              <Box component="td" sx={{ ...cell, ...rowHead }} />
              {columns.map((column) => (
                <Box
                  component="th"
                  scope="col"
                  key={column.id}
                  sx={{ ...cell, fontWeight: 'inherit', width: { xs: CAR.xs, sm: CAR.sm } }}
                >
                  <CompareHeader column={column} onRemove={onRemove} />
                </Box>
              ))}
            </tr>
          </Box>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <Box component="th" scope="row" sx={{ ...cell, ...rowHead }}>
                  {row.label}
                </Box>
                {columns.map((column) => (
                  <Box component="td" key={column.id} sx={cell}>
                    {column.state === 'car' && <Value row={row} car={column.car} />}
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {onlyDifferences && cars.length >= 2 && rows.length === 0 && (
        <Typography sx={{ mt: 2 }}>These cars are the same in every row.</Typography>
      )}
    </>
  );
}
