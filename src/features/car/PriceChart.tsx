import Box from '@mui/material/Box';
import { formatDay, formatPrice } from '../../lib/format';

/** One price a car had (whole dollars) and since when. */
export interface PricePoint {
  price: number;
  at: string;
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 4, right: 4, top: 16, bottom: 18 };

/** 'Price over time: $38,500 from Nov 1, $36,000 from Nov 3' (the chart's text alternative). */
export function chartLabel(history: readonly PricePoint[]): string {
  return `Price over time: ${history
    .map((point) => `${formatPrice(point.price)} from ${formatDay(point.at)}`)
    .join(', ')}`;
}

/**
 * A car's price over time as a small step line drawn by hand (no chart library: the car's page
 * is at its bundle budget): each price holds until the next, the last until today. Its text
 * alternative lists every price and since when.
 */
export function PriceChart({
  history,
  now = Date.now(),
}: {
  /** Oldest first, at least two. */
  history: readonly PricePoint[];
  now?: number;
}) {
  const times = history.map((point) => Date.parse(point.at));
  const start = times[0]!;
  const end = Math.max(now, times[times.length - 1]!);
  const prices = history.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const spread = high - low || high || 1;
  const x = (time: number) =>
    PAD.left + ((time - start) / (end - start || 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (price: number) =>
    PAD.top + ((high - price) / spread) * (HEIGHT - PAD.top - PAD.bottom);
  let path = `M${x(times[0]!).toFixed(1)},${y(prices[0]!).toFixed(1)}`;
  for (let i = 1; i < history.length; i += 1) {
    path += `H${x(times[i]!).toFixed(1)}V${y(prices[i]!).toFixed(1)}`;
  }
  path += `H${x(end).toFixed(1)}`;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={chartLabel(history)}
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: 520,
        height: 'auto',
        color: 'text.secondary',
      }}
    >
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={HEIGHT - PAD.bottom}
        y2={HEIGHT - PAD.bottom}
        stroke="currentColor"
        strokeOpacity={0.4}
      />
      <Box component="path" d={path} fill="none" strokeWidth={2.5} sx={{ stroke: '#c2410c' }} />
      {history.map((point, i) => (
        <Box
          component="circle"
          key={`${point.at}-${i}`}
          cx={x(times[i]!)}
          cy={y(point.price)}
          r={3.5}
          sx={{ fill: '#c2410c' }}
        />
      ))}
      <text x={PAD.left} y={11} fontSize={11} fill="currentColor">
        {formatPrice(high)}
      </text>
      <text x={WIDTH - PAD.right} y={11} fontSize={11} fill="currentColor" textAnchor="end">
        {low === high ? '' : `low ${formatPrice(low)}`}
      </text>
      <text x={PAD.left} y={HEIGHT - 4} fontSize={11} fill="currentColor">
        {formatDay(history[0]!.at)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 4} fontSize={11} fill="currentColor" textAnchor="end">
        Today
      </text>
    </Box>
  );
}
