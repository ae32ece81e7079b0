import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { reportFilePath } from './reportFilePath';
import { getReportQueueLimits } from '../../lib/api/generated/limits/getReportQueue';
import {
  useGetReportQueuePageQuery,
  type ReportQueueArg,
  type ReportQueueRow,
} from '../../lib/api/reports';
import { formatWhen } from '../../lib/format';
import { pageAndSort, useLastPageWithRows, useServerPaging } from '../../lib/serverGrid';
import { REASON_LABELS } from '../../lib/reportReasons';
import { KIND_LABELS, STATE_LABELS } from './labels';

export const REPORTS_HEADING = 'Reports';
export const NO_REPORTS = 'Nothing to moderate';

/** The fields the server sorts by; the grid's other columns are not sortable. */
const SERVER_SORTS: readonly string[] = getReportQueueLimits.query.sort.enum;
type ServerSort = NonNullable<ReportQueueArg['sort']>;
const isServerSort = (field: string): field is ServerSort => SERVER_SORTS.includes(field);

/** The grid's page and sort as the server's `limit`, `offset`, `sort` and `order`. */
export function queueArg(
  pagination: GridPaginationModel,
  sortModel: GridSortModel,
): ReportQueueArg {
  return pageAndSort(pagination, sortModel, isServerSort);
}

const rowId = (row: ReportQueueRow) => `${row.targetKind}:${row.targetId}`;

/**
 * The admin's moderation queue: one row per reported or flagged listing or account,
 * or a hidden listing whose owner asked for review; newest first, paged and sorted by the
 * server. Each target opens its file, where the actions are.
 */
export function ReportsPage() {
  const paging = useServerPaging();
  const query = useGetReportQueuePageQuery(queueArg(paging.pagination, paging.sortModel));
  useLastPageWithRows(paging, query.data?.total, query.isFetching);

  const columns = useMemo<GridColDef<ReportQueueRow>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Target',
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={reportFilePath(row.targetKind, row.targetId)}
            color="secondary"
            sx={{ fontWeight: 600 }}
          >
            {row.name}
          </Link>
        ),
      },
      {
        field: 'targetKind',
        headerName: 'Kind',
        width: 85,
        valueGetter: (_value, row) => KIND_LABELS[row.targetKind],
      },
      {
        field: 'reasons',
        headerName: 'Reasons',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) =>
          [
            ...row.reasons.map((reason) => REASON_LABELS[reason]),
            ...(row.reviewAsked ? ['Review asked'] : []),
          ].join(', '),
      },
      { field: 'people', headerName: 'People', type: 'number', width: 80 },
      { field: 'flags', headerName: 'Flags', type: 'number', width: 70 },
      {
        field: 'newestAt',
        headerName: 'Newest',
        width: 180,
        valueGetter: (_value, row) => formatWhen(row.newestAt),
      },
      {
        field: 'state',
        headerName: 'State',
        width: 130,
        sortable: false,
        valueGetter: (_value, row) => STATE_LABELS[row.state],
      },
    ],
    [],
  );

  return (
    <Card>
      <title>{REPORTS_HEADING}</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <QueryState query={query} what="the reports">
          {({ rows, total: rowCount }) =>
            rowCount === 0 && rows.length === 0 ? (
              <>
                <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
                  {REPORTS_HEADING}
                </Typography>
                <Typography color="text.secondary">{NO_REPORTS}</Typography>
              </>
            ) : (
              <>
                <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
                  {REPORTS_HEADING}
                </Typography>
                <Box sx={{ width: '100%', minWidth: 0 }}>
                  <DataGrid
                    aria-label={REPORTS_HEADING}
                    rows={rows}
                    rowCount={rowCount}
                    loading={query.isFetching}
                    columns={columns}
                    getRowId={rowId}
                    autoHeight
                    disableVirtualization
                    disableRowSelectionOnClick
                    disableColumnFilter
                    {...paging.gridProps}
                    sx={{ bgcolor: 'background.paper' }}
                  />
                </Box>
              </>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
