import { Box } from '@mui/material';
import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import OpenIcon from '@mui/icons-material/ErrorOutline';
import PendingIcon from '@mui/icons-material/ScheduleOutlined';
import ClosedIcon from '@mui/icons-material/CheckCircleOutline';
import type { ReactElement } from 'react';
import { MetricCard } from '../../components/MetricCard';
import { PageHeader } from '../../components/PageHeader';
import { comparisonText, trendBadge, trendNote, type MetricTrend } from '../../lib/trend';
import { useTicketMetrics } from '../../layout/shellData';
import type { TicketMetrics, TicketTrends } from '../../providers/types';
import { dashboardGreeting } from '../../lib/onboarding';
import { useCurrentUser } from '../../providers/useAccount';
import { crmQueryKey, useCrmMutation } from '../../providers/useCrm';
import { useQueryClient } from '@tanstack/react-query';
import { useOnboarding, useRecentTickets, useTicketTrends } from './dashboardData';
import { SetupChecklist } from './SetupChecklist';
import { RecentTickets } from './RecentTickets';

type MetricKey = keyof TicketMetrics & keyof TicketTrends;

const CARDS: { key: MetricKey; title: string; icon: ReactElement; testId: string }[] = [
  { key: 'total', title: 'Total Tickets', icon: <TicketIcon />, testId: 'metric-total' },
  { key: 'open', title: 'Open Tickets', icon: <OpenIcon />, testId: 'metric-open' },
  { key: 'pending', title: 'Pending', icon: <PendingIcon />, testId: 'metric-pending' },
  { key: 'closedToday', title: 'Closed Today', icon: <ClosedIcon />, testId: 'metric-closed-today' },
];

/**
 * The dashboard: the four counts with trends from the API (now against a
 * week ago; Closed Today against yesterday) and the latest tickets. Failed
 * calls show zeros and the empty list: the spec has no error state here.
 */
export function DashboardPage() {
  const metrics = useTicketMetrics({ refetchOnMount: 'always' });
  const trends = useTicketTrends();
  const recent = useRecentTickets();
  const { user } = useCurrentUser();
  const isOwner = user?.role === 'owner';
  const onboarding = useOnboarding(isOwner);
  const queryClient = useQueryClient();
  const dismiss = useCrmMutation('onboarding', 'dismissOnboarding', {
    onSuccess: data => queryClient.setQueryData(crmQueryKey('onboarding', 'getOnboarding', []), data),
  });
  const checklist = isOwner && onboarding.data && !onboarding.data.dismissed ? onboarding.data : undefined;

  return (
    <>
      <PageHeader title="Dashboard" subtitle={dashboardGreeting(isOwner ? onboarding.data : undefined)} />
      {checklist ? <SetupChecklist onboarding={checklist} onDismiss={() => dismiss.mutate([])} dismissing={dismiss.isPending} /> : null}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          mb: { xs: 2, md: 3 },
        }}
      >
        {CARDS.map(card => {
          const trend: MetricTrend | undefined = trends.data?.[card.key];
          const badge = trendBadge(trend);
          const daily = card.key === 'closedToday';
          return (
            <MetricCard
              key={card.key}
              testId={card.testId}
              title={card.title}
              icon={card.icon}
              value={(Number(metrics.data?.[card.key]) || 0).toLocaleString('en-US')}
              loading={metrics.isPending}
              trend={
                trends.isPending || !badge
                  ? null
                  : { percent: trend?.change_percent ?? 0, direction: badge.direction, caption: comparisonText(trends.data?.period_days, daily) }
              }
              note={trendNote(trend, trends.data?.period_days, daily)}
            />
          );
        })}
      </Box>
      <RecentTickets tickets={recent.data} loading={recent.isPending} />
    </>
  );
}
