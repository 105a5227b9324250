import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import TrendUpIcon from '@mui/icons-material/TrendingUp';
import TrendDownIcon from '@mui/icons-material/TrendingDown';
import TrendFlatIcon from '@mui/icons-material/TrendingFlat';
import { formatPercent } from '../lib/trend';
import { tones } from '../palette';

export interface MetricTrendProp {
  /** Size of the change; the sign is ignored, the direction says which way. */
  percent: number;
  direction: 'up' | 'down' | 'flat';
  /** What the change is measured against, e.g. "vs. last week". */
  caption?: string;
}

const TONES = {
  up: { ...tones.green, icon: <TrendUpIcon sx={{ fontSize: 16 }} /> },
  down: { ...tones.red, icon: <TrendDownIcon sx={{ fontSize: 16 }} /> },
  flat: { ...tones.gray, icon: <TrendFlatIcon sx={{ fontSize: 16 }} /> },
} as const;

/**
 * A summary card: title, value, icon and an optional trend badge (positive
 * green and up, negative red and down, no change grey). `note` replaces the
 * trend line when there is nothing to compare with.
 */
export function MetricCard({
  title,
  value,
  icon,
  trend,
  note,
  loading = false,
  testId,
}: {
  title: string;
  value: ReactNode;
  icon?: ReactNode;
  trend?: MetricTrendProp | null;
  note?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  const tone = trend ? TONES[trend.direction] : null;
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: { xs: 1, sm: 2 } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
              {title}
            </Typography>
            {loading ? (
              <Skeleton variant="text" width={72} sx={{ fontSize: '2rem' }} data-testid="metric-skeleton" />
            ) : (
              <Typography
                variant="h4"
                component="p"
                sx={{ fontWeight: 700, mt: 0.5, fontVariantNumeric: 'tabular-nums' }}
                data-testid="metric-value"
              >
                {value}
              </Typography>
            )}
          </Box>
          {icon ? (
            <Box
              sx={{
                width: { xs: 36, sm: 44 },
                height: { xs: 36, sm: 44 },
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                bgcolor: tones.selected.background,
                color: 'primary.main',
              }}
            >
              {icon}
            </Box>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, minHeight: 24, flexWrap: 'wrap' }}>
          {loading ? (
            <Skeleton variant="rounded" width={120} height={22} />
          ) : trend && tone ? (
            <>
              <Box
                component="span"
                data-testid="metric-trend"
                data-direction={trend.direction}
                aria-label={`${trend.direction === 'up' ? 'Up' : trend.direction === 'down' ? 'Down' : 'No change'} ${formatPercent(trend.percent)}`}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  px: 1,
                  height: 22,
                  borderRadius: 999,
                  fontSize: 12,
                  fontWeight: 600,
                  color: tone.color,
                  bgcolor: tone.background,
                }}
              >
                {tone.icon}
                {formatPercent(trend.percent)}
              </Box>
              {trend.caption ? (
                <Typography variant="caption" color="text.secondary">
                  {trend.caption}
                </Typography>
              ) : null}
            </>
          ) : note ? (
            <Typography variant="caption" color="text.secondary" data-testid="metric-note">
              {note}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
