import { lazy, Suspense } from 'react';
import { Box, Card, CardContent, Skeleton } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { ANALYTICS_SUBTITLE } from './analyticsText';

/** The page and its chart library load on first visit, outside the first bundle. */
const AnalyticsContent = lazy(() => import('./AnalyticsContent'));

export function AnalyticsPage() {
  return (
    <Suspense fallback={<AnalyticsFallback />}>
      <AnalyticsContent />
    </Suspense>
  );
}

function AnalyticsFallback() {
  return (
    <Box data-testid="analytics-loading">
      <PageHeader title="Analytics" subtitle={ANALYTICS_SUBTITLE} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {[0, 1].map(index => (
          <Card key={index}>
            <CardContent>
              <Skeleton width="40%" sx={{ fontSize: '1.25rem' }} />
              {[0, 1, 2, 3].map(row => (
                <Skeleton key={row} height={32} />
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
