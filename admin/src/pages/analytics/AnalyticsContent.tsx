import { useState } from 'react';
import { Box, Skeleton, Tab, Tabs } from '@mui/material';
import ResponseIcon from '@mui/icons-material/ReplyOutlined';
import ResolutionIcon from '@mui/icons-material/TimerOutlined';
import RateIcon from '@mui/icons-material/TaskAltOutlined';
import { palette } from '../../palette';
import { MetricCard } from '../../components/MetricCard';
import { PageHeader } from '../../components/PageHeader';
import { formatHours, formatShare, resolutionRate, sharesOf, STATUS_ORDER } from '../../lib/analytics';
import { countText, NotEnoughData, PeriodSelect, SectionCard, ShareRows } from './AnalyticsParts';
import {
  PERFORMANCE_DAYS,
  TIMELINE_DAYS,
  useBrandCounts,
  useRecentStatusCounts,
  useResponseTimes,
  useStatusCounts,
  useTimeline,
  type BrandPeriod,
  type StatusMonth,
} from './analyticsData';
import { ANALYTICS_SUBTITLE } from './analyticsText';
import { PromisesKeptCard } from './PromisesKeptCard';
import { TicketsOverTimeChart } from './TicketsOverTimeChart';
import { WarrantyTab } from './WarrantyTab';

const BRAND_PERIODS: { value: BrandPeriod; label: string }[] = [
  { value: 30, label: 'Last 30 days' },
  { value: 90, label: 'Last 90 days' },
  { value: 365, label: 'Last 365 days' },
];

const STATUS_MONTHS: { value: StatusMonth; label: string }[] = [
  { value: 'current', label: 'This month' },
  { value: 'last', label: 'Last month' },
];

/** Bar colours of the status rows (the badges' hues, a stronger shade for a bar). */
const STATUS_BAR: Record<string, string> = {
  Open: palette.green,
  Pending: palette.blue,
  Resolved: palette.teal,
  Closed: palette.slate500,
};


/** /analytics; loaded lazily by AnalyticsPage with the chart library: the tickets' figures, and the Warranty tab. */
export default function AnalyticsContent() {
  const [tab, setTab] = useState<'overview' | 'warranty'>('overview');
  return (
    <>
      <PageHeader title="Analytics" subtitle={ANALYTICS_SUBTITLE} />
      <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ mb: 2 }} data-testid="analytics-tabs">
        <Tab value="overview" label="Overview" data-testid="analytics-tab-overview" />
        <Tab value="warranty" label="Warranty" data-testid="analytics-tab-warranty" />
      </Tabs>
      {tab === 'overview' ? <OverviewTab /> : <WarrantyTab />}
    </>
  );
}

function OverviewTab() {
  const [brandPeriod, setBrandPeriod] = useState<BrandPeriod>(30);
  const [statusMonth, setStatusMonth] = useState<StatusMonth>('current');
  const brands = useBrandCounts(brandPeriod);
  const statuses = useStatusCounts(statusMonth);
  const timeline = useTimeline(TIMELINE_DAYS);
  const responseTimes = useResponseTimes(PERFORMANCE_DAYS);
  const recentStatuses = useRecentStatusCounts(PERFORMANCE_DAYS);

  const brandShares = sharesOf(brands.data);
  const statusShares = sharesOf(statuses.data, STATUS_ORDER);
  const rate = resolutionRate(recentStatuses.data);
  const firstResponse = formatHours(responseTimes.data?.avg_first_response_hours);
  const resolution = formatHours(responseTimes.data?.avg_resolution_hours);
  const period = `Last ${PERFORMANCE_DAYS} days`;

  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <SectionCard
          testId="brand-card"
          title="Tickets by Brand"
          subtitle={brands.data ? countText(brandShares.total, `created in the last ${brandPeriod} days`) : ' '}
          action={
            <PeriodSelect
              testId="brand-period"
              label="Period"
              value={brandPeriod}
              options={BRAND_PERIODS}
              onChange={value => setBrandPeriod(Number(value) as BrandPeriod)}
            />
          }
        >
          <ShareRows
            loading={brands.isPending}
            updating={brands.isPlaceholderData}
            rows={brandShares.rows}
            total={brandShares.total}
            rowTestId="brand-row"
            empty="No tickets in this period"
          />
        </SectionCard>

        <SectionCard
          testId="status-card"
          title="Status Distribution"
          subtitle={statuses.data ? countText(statusShares.total, statusMonth === 'current' ? 'created this month' : 'created last month') : ' '}
          action={
            <PeriodSelect
              testId="status-month"
              label="Month"
              value={statusMonth}
              options={STATUS_MONTHS}
              onChange={value => setStatusMonth(value as StatusMonth)}
            />
          }
        >
          <ShareRows
            loading={statuses.isPending}
            updating={statuses.isPlaceholderData}
            rows={statusShares.rows}
            total={statusShares.total}
            rowTestId="status-row"
            barColor={key => STATUS_BAR[key] ?? palette.slate400}
            showEmptyRows
          />
        </SectionCard>

        <Box sx={{ gridColumn: '1 / -1' }}>
          <SectionCard
            testId="timeline-card"
            title="Tickets Over Time"
            subtitle={`Tickets created per day, last ${TIMELINE_DAYS} days`}
          >
            <Box sx={{ px: { xs: 0.5, sm: 1.5 }, pb: 1 }}>
              {timeline.isPending ? (
                <Skeleton variant="rounded" height={280} sx={{ mx: 1.5, my: 1 }} />
              ) : (
                <TicketsOverTimeChart points={timeline.data ?? []} />
              )}
            </Box>
          </SectionCard>
        </Box>

        <Box
          sx={{
            gridColumn: '1 / -1',
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <MetricCard
            testId="avg-response-time"
            title="Avg Response Time"
            icon={<ResponseIcon />}
            loading={responseTimes.isPending}
            value={firstResponse ?? <NotEnoughData />}
            note={
              firstResponse
                ? `${period} · first status change · ${countText(responseTimes.data?.first_response_sample_size ?? 0)}`
                : `${period} · no ticket has moved on from Open`
            }
          />
          <MetricCard
            testId="avg-resolution-time"
            title="Avg Resolution Time"
            icon={<ResolutionIcon />}
            loading={responseTimes.isPending}
            value={resolution ?? <NotEnoughData />}
            note={
              resolution
                ? `${period} · until resolved or closed · ${countText(responseTimes.data?.resolution_sample_size ?? 0)}`
                : `${period} · no ticket resolved or closed`
            }
          />
          <MetricCard
            testId="resolution-rate"
            title="Resolution Rate"
            icon={<RateIcon />}
            loading={recentStatuses.isPending}
            value={rate.percent === null ? <NotEnoughData /> : formatShare(rate.percent)}
            note={
              rate.percent === null
                ? `${period} · no tickets created`
                : `${period} · ${rate.resolved} of ${countText(rate.total)} resolved or closed`
            }
          />
          <PromisesKeptCard days={PERFORMANCE_DAYS} />
        </Box>
      </Box>
    </>
  );
}

