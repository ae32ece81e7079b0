/**
 * The insights' charts, drawn with MUI X Charts: the views of every day of the window (a line)
 * and the leads of the cars with most (bars: saves, bookings, messages). Loaded lazily by the
 * insights page only, so no other page's script carries the charting library. Each chart is a
 * figure whose caption says what it shows in words, with its numbers as a table beside it for
 * whoever cannot see the drawing (the drawing itself is inert: out of reach of screen readers and
 * of the keyboard).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { CarInsights, DayViews } from '../../lib/api/insights';

/** The cars the leads chart shows (the rest are in the table below it). */
const LEAD_CARS = 10;

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** 'Nov 20' from '2026-11-20' (UTC). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The caption of the views chart: the total and the busiest day. */
export function viewsSummary(days: readonly DayViews[]): string {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  if (total === 0) return `No views in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best));
  return (
    `${plural(total, 'view')} in the last ${days.length} days; the most on ` +
    `${shortDay(busiest.day)} (${busiest.views}).`
  );
}

const leadsOf = (car: CarInsights) => car.saves + car.bookings + car.messages;

function ViewsChart({ days }: { days: readonly DayViews[] }) {
  return (
    <Box component="figure" sx={{ m: 0, position: 'relative' }}>
      <Typography component="figcaption" variant="body2" sx={{ mb: 1 }}>
        <strong>Views per day.</strong> {viewsSummary(days)}
      </Typography>
      <Box inert>
        <LineChart
          height={260}
          xAxis={[{ data: days.map((day) => shortDay(day.day)), scaleType: 'point' }]}
          series={[{ data: days.map((day) => day.views), label: 'Views', showMark: false }]}
          hideLegend
        />
      </Box>
      <Box component="table" sx={hidden}>
        <caption>Views per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <td>{day.day}</td>
              <td>{day.views}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function LeadsChart({ cars }: { cars: readonly CarInsights[] }) {
  const top = [...cars]
    .filter((car) => leadsOf(car) > 0)
    .sort((a, b) => leadsOf(b) - leadsOf(a))
    .slice(0, LEAD_CARS);
  const caption =
    top.length === 0
      ? 'No saves, bookings or messages yet.'
      : `The ${plural(top.length, 'car')} with the most saves, bookings and messages; ` +
        `${top[0]!.name} leads with ${leadsOf(top[0]!)}. Every car's numbers are in the table below.`;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="body2" sx={{ mb: 1 }}>
        <strong>Leads per car.</strong> {caption}
      </Typography>
      {top.length > 0 && (
        <Box inert>
          <BarChart
            height={280}
            xAxis={[{ data: top.map((car) => car.name), scaleType: 'band' }]}
            series={[
              { data: top.map((car) => car.saves), label: 'Saves', stack: 'leads' },
              { data: top.map((car) => car.bookings), label: 'Bookings', stack: 'leads' },
              { data: top.map((car) => car.messages), label: 'Messages', stack: 'leads' },
            ]}
          />
        </Box>
      )}
    </Box>
  );
}

export function InsightsCharts({
  days,
  cars,
}: {
  days: readonly DayViews[];
  cars: readonly CarInsights[];
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ViewsChart days={days} />
      <LeadsChart cars={cars} />
    </Box>
  );
}
