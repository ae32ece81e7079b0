import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense, useState } from 'react';
import { Fact } from '../../components/Fact';
import { QueryState } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import {
  daysOf,
  useGetInsightsQuery,
  type CarInsights,
  type Insights,
} from '../../lib/api/insights';
import { useRole } from '../../lib/auth/roles';
import { formatPrice } from '../../lib/format';
import { insightsCsv } from './insightsCsv';

// The charting library is this page's alone: loaded with it, never with a public page.
const InsightsCharts = lazy(async () => ({
  default: (await import('./InsightsCharts')).InsightsCharts,
}));

type Window = '30' | '90';

const count = (field: keyof CarInsights, headerName: string): GridColDef<CarInsights> => ({
  field,
  headerName,
  type: 'number',
  minWidth: 100,
});

const COLUMNS: GridColDef<CarInsights>[] = [
  { field: 'name', headerName: 'Car', flex: 1.4, minWidth: 180 },
  count('views', 'Views'),
  count('saves', 'Saves'),
  count('bookings', 'Bookings'),
  count('messages', 'Messages'),
  count('daysOnMarket', 'Days on market'),
  {
    field: 'price',
    headerName: 'Price',
    type: 'number',
    minWidth: 110,
    valueFormatter: (value: number) => formatPrice(value),
  },
  {
    field: 'marketValue',
    headerName: 'Market value',
    type: 'number',
    minWidth: 130,
    valueFormatter: (value: number | null) => (value === null ? 'Not valued' : formatPrice(value)),
  },
];

/** Saves the cars as a CSV file (formula-safe: insightsCsv.ts). */
function downloadCsv(insights: Insights) {
  const blob = new Blob([insightsCsv(insights.cars)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `insights-${insights.from}-to-${insights.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function Totals({ insights }: { insights: Insights }) {
  const { totals } = insights;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
      }}
    >
      <Fact label="Cars" value={String(totals.cars)} />
      <Fact label="Views" value={String(totals.views)} />
      <Fact label="Saves" value={String(totals.saves)} />
      <Fact label="Bookings" value={String(totals.bookings)} />
      <Fact label="Messages" value={String(totals.messages)} />
    </Box>
  );
}

function InsightsView({ insights, admin }: { insights: Insights; admin: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Totals insights={insights} />
      <Suspense fallback={<Spinner minHeight={280} label="Loading the charts" />}>
        <InsightsCharts
          days={daysOf(insights.from, insights.totals.viewsPerDay)}
          cars={insights.cars}
        />
      </Suspense>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {admin ? 'The most viewed cars' : 'Your cars'}
        </Typography>
        <Button variant="outlined" onClick={() => downloadCsv(insights)}>
          Download CSV
        </Button>
      </Box>
      {insights.cars.length === 0 ? (
        <Alert severity="info">No cars yet: what each earns shows here once it is listed.</Alert>
      ) : (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <DataGrid
            aria-label="What each car earns"
            rows={insights.cars}
            columns={COLUMNS}
            getRowId={(row) => row._id}
            autoHeight
            disableRowSelectionOnClick
            disableColumnFilter
            initialState={{
              sorting: { sortModel: [{ field: 'views', sort: 'desc' }] },
              pagination: { paginationModel: { pageSize: 25 } },
            }}
            pageSizeOptions={[25, 50, 100]}
            sx={{ bgcolor: 'background.paper' }}
          />
        </Box>
      )}
    </Box>
  );
}

/**
 * Insights (sellers and admins): what each car earns over the last 30 or 90 days (views, saves,
 * bookings, messages, days on market, price against market value), in totals, charts and a
 * sortable grid that downloads as CSV. An admin's covers the marketplace.
 */
export function InsightsPage() {
  const { role, loading } = useRole();
  const [days, setDays] = useState<Window>('30');
  const allowed = role === 'Seller' || role === 'Admin';
  const query = useGetInsightsQuery({ days }, { skip: !allowed });
  const title = role === 'Admin' ? 'Marketplace insights' : 'Insights';
  return (
    <Card>
      <title>{title}</title>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 3 }}>
          <Typography component="h1" variant="h4" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Period"
            value={days}
            onChange={(_event, value: Window | null) => value && setDays(value)}
          >
            <ToggleButton value="30">Last 30 days</ToggleButton>
            <ToggleButton value="90">Last 90 days</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {loading ? (
          <Spinner minHeight={240} label="Checking your access" />
        ) : !allowed ? (
          <Alert severity="warning">This page is for sellers and admins only.</Alert>
        ) : (
          <QueryState query={query} what="the insights">
            {(insights) => <InsightsView insights={insights} admin={role === 'Admin'} />}
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}
