import { useMemo } from 'react';
import { Box } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { palette } from '../../palette';
import { timelineSeries, type TimelinePoint } from '../../lib/analytics';

/** Tickets created per day: a line with a soft area, whole-number ticks, a tooltip per day. */
export function TicketsOverTimeChart({ points, height = 280 }: { points: TimelinePoint[]; height?: number }) {
  const { labels, counts } = useMemo(() => timelineSeries(points), [points]);
  const peak = Math.max(0, ...counts);

  return (
    <Box
      data-testid="tickets-over-time-chart"
      data-points={counts.length}
      data-peak={peak}
      role="img"
      aria-label={`Tickets created per day from ${labels[0] ?? ''} to ${labels[labels.length - 1] ?? ''}; at most ${peak} on one day`}
      sx={{ width: '100%', height, '& .MuiAreaElement-root': { fillOpacity: 0.12 } }}
    >
      <LineChart
        height={height}
        hideLegend
        skipAnimation
        grid={{ horizontal: true }}
        margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            tickLabelStyle: { fontSize: 11 },
            tickLabelMinGap: 12,
          },
        ]}
        yAxis={[{ min: 0, max: peak === 0 ? 1 : undefined, tickMinStep: 1, width: 36, tickLabelStyle: { fontSize: 11 } }]}
        series={[
          {
            data: counts,
            label: 'Tickets created',
            area: true,
            // a dot on the days with tickets only; the line carries the empty days
            showMark: ({ index }) => counts[index] > 0,
            color: palette.blue,
            curve: 'monotoneX',
            valueFormatter: value => (value === null ? '' : `${value} ${value === 1 ? 'ticket' : 'tickets'}`),
          },
        ]}
      />
    </Box>
  );
}
