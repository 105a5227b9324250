import type { ReactNode } from 'react';
import { Box, Card, Divider, LinearProgress, Skeleton, TextField, Typography } from '@mui/material';
import { formatShare, type ShareRow } from '../../lib/analytics';
import { tones } from '../../palette';

/** The analytics page's building blocks: a titled card, a period selector, rows of shares. */

const NOT_ENOUGH_DATA = 'Not enough data yet';
export function countText(count: number, suffix?: string): string {
  const text = `${count.toLocaleString('en-US')} ${count === 1 ? 'ticket' : 'tickets'}`;
  return suffix ? `${text} ${suffix}` : text;
}

export function NotEnoughData() {
  return (
    <Box component="span" data-testid="not-enough-data" sx={{ fontSize: '1rem', fontWeight: 500, color: 'text.secondary' }}>
      {NOT_ENOUGH_DATA}
    </Box>
  );
}

export function SectionCard({
  title,
  subtitle,
  action,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, px: { xs: 2, sm: 3 }, py: 2 }}
      >
        {/* the selector moves under the title when both do not fit on one line */}
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" data-testid={`${testId}-subtitle`} sx={{ minHeight: 20 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Box>
      <Divider />
      <Box sx={{ flex: 1 }}>{children}</Box>
    </Card>
  );
}

export function PeriodSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={event => onChange(event.target.value)}
      sx={{ minWidth: 148, flexShrink: 0 }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true } }}
    >
      {options.map(option => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

export function ShareRows({
  rows,
  total,
  loading,
  updating,
  rowTestId,
  empty,
  barColor,
  showEmptyRows = false,
}: {
  rows: ShareRow[];
  total: number;
  loading: boolean;
  updating: boolean;
  rowTestId: string;
  empty?: string;
  barColor?: (key: string) => string;
  showEmptyRows?: boolean;
}) {
  if (loading) {
    return (
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }} aria-busy="true">
        {[0, 1, 2, 3].map(index => (
          <Box key={index} sx={{ mb: 2 }}>
            <Skeleton width="60%" />
            <Skeleton variant="rounded" height={8} />
          </Box>
        ))}
      </Box>
    );
  }
  if (total === 0 && !showEmptyRows) {
    return (
      <Box sx={{ px: 3, py: 5, textAlign: 'center' }} data-testid={`${rowTestId}-empty`}>
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', m: 0, px: { xs: 2, sm: 3 }, py: 2, display: 'grid', gap: 2, opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={updating || undefined}
    >
      {rows.map(row => (
        <Box component="li" key={row.key} data-testid={rowTestId} data-key={row.key}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {row.key}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              <Box component="span" data-testid={`${rowTestId}-count`} sx={{ color: 'text.primary', fontWeight: 600 }}>
                {row.count.toLocaleString('en-US')}
              </Box>{' '}
              (<span data-testid={`${rowTestId}-percent`}>{formatShare(row.percent)}</span>)
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={row.percent}
            aria-label={`${row.key}: ${formatShare(row.percent)}`}
            sx={{
              height: 8,
              borderRadius: 999,
              bgcolor: tones.gray.background,
              '& .MuiLinearProgress-bar': { borderRadius: 999, bgcolor: barColor ? barColor(row.key) : 'primary.main' },
            }}
          />
        </Box>
      ))}
    </Box>
  );
}
