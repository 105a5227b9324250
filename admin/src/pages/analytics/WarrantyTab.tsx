import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import ClaimsIcon from '@mui/icons-material/AssignmentOutlined';
import ApprovalIcon from '@mui/icons-material/TaskAltOutlined';
import CostIcon from '@mui/icons-material/PaidOutlined';
import TimeIcon from '@mui/icons-material/TimerOutlined';
import { MetricCard } from '../../components/MetricCard';
import { money } from '../../lib/warrantyResolution';
import { costSeries, hoursText, percent } from '../../lib/warrantyAnalytics';
import type { WarrantyAnalytics, WarrantyPeriod } from '../../providers/types';
import { useCrmQuery } from '../../providers/useCrm';
import { PeriodSelect, SectionCard } from './AnalyticsParts';

const PERIODS: { value: WarrantyPeriod; label: string }[] = [
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 365 days' },
  { value: 'all', label: 'All time' },
];
const BAR_COLORS = ['#2563eb', '#0d9488', '#d97706', '#7c3aed', '#dc2626', '#475569'];
const none = (s: string | null | undefined, fallback: string) => s || fallback;

/** The Warranty tab: claims, approval, cost per brand and month, time to resolution, failure reasons — the same period selector. */
export function WarrantyTab() {
  const [period, setPeriod] = useState<WarrantyPeriod>('30');
  const { data, isPending } = useCrmQuery('analytics', 'getWarrantyAnalytics', [period], { refetchOnMount: 'always', placeholderData: keepPreviousData });
  const label = PERIODS.find(p => p.value === period)!.label;
  return (
    <Box data-testid="warranty-tab" sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <PeriodSelect testId="warranty-period" label="Period" value={period} options={PERIODS} onChange={value => setPeriod(value as WarrantyPeriod)} />
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        <MetricCard testId="warranty-claims" title="Claims" icon={<ClaimsIcon />} loading={isPending} value={data?.claims.toLocaleString('en-US') ?? ''} note={label} />
        <MetricCard
          testId="warranty-approval-rate"
          title="Approval Rate"
          icon={<ApprovalIcon />}
          loading={isPending}
          value={percent(data?.approval_rate)}
          note={`${data?.approved ?? 0} approved · ${data?.denied ?? 0} denied`}
        />
        <MetricCard testId="warranty-total-cost" title="Warranty Cost" icon={<CostIcon />} loading={isPending} value={money(data?.total_cost ?? 0)} note={`${label} · from resolution items`} />
        <MetricCard
          testId="warranty-median-time"
          title="Median Time to Resolution"
          icon={<TimeIcon />}
          loading={isPending}
          value={hoursText(data?.median_hours_to_resolution)}
          note={`${data?.resolved ?? 0} claims ended`}
        />
      </Box>
      <SectionCard testId="warranty-cost-card" title="Warranty Cost by Brand and Month" subtitle={`${label}, by the month of the claim`}>
        {isPending || !data ? <Skeleton variant="rounded" height={280} sx={{ m: 2 }} /> : <CostChart data={data} />}
      </SectionCard>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <SectionCard testId="warranty-products-card" title="Claims by Product" subtitle="Claims, share of claims, approval rate and cost per product / SKU">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell align="right">Claims</TableCell>
                <TableCell align="right">Claim rate</TableCell>
                <TableCell align="right">Approved</TableCell>
                <TableCell align="right">Cost</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.by_product ?? []).map(p => (
                <TableRow key={`${p.brand}|${p.product}|${p.sku}`} data-testid="warranty-product-row">
                  <TableCell>
                    {[none(p.brand, 'No Brand'), p.product].filter(Boolean).join(' ')}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {none(p.sku, 'No SKU')}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{p.claims}</TableCell>
                  <TableCell align="right">{percent(p.claim_rate)}</TableCell>
                  <TableCell align="right">{percent(p.approval_rate)}</TableCell>
                  <TableCell align="right">{money(p.cost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </SectionCard>
        <SectionCard testId="warranty-categories-card" title="Claims by Issue Category" subtitle="Claims and share of claims">
          <Table size="small">
            <TableBody>
              {(data?.by_category ?? []).map(c => (
                <TableRow key={c.category ?? ''} data-testid="warranty-category-row">
                  <TableCell>{none(c.category, 'Uncategorized')}</TableCell>
                  <TableCell align="right">{c.claims}</TableCell>
                  <TableCell align="right">{percent(c.claim_rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 2 }}>
            Top failure reasons per product
          </Typography>
          <Box component="ul" sx={{ px: 4, mt: 0.5 }} data-testid="warranty-failure-reasons">
            {(data?.top_failure_reasons ?? []).map(p => (
              <li key={`${p.brand}|${p.product}|${p.sku}`}>
                <Typography variant="body2">
                  <b>{[none(p.brand, 'No Brand'), p.product, p.sku ? `(${p.sku})` : null].filter(Boolean).join(' ')}</b>: {p.reasons.map(r => `${none(r.category, 'Uncategorized')} (${r.claims})`).join(', ')}
                </Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      </Box>
    </Box>
  );
}

function CostChart({ data }: { data: WarrantyAnalytics }) {
  const { months, series, total } = useMemo(() => costSeries(data.cost_by_brand_month), [data]);
  if (!months.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }} data-testid="warranty-cost-empty">
        No warranty cost in this period
      </Typography>
    );
  }
  return (
    <Box sx={{ px: 1.5, pb: 1 }}>
      <Box data-testid="warranty-cost-chart" data-total={total} role="img" aria-label={`Warranty cost per brand and month: ${money(total)} in all`} sx={{ width: '100%', height: 280 }}>
        <BarChart
          height={280}
          skipAnimation
          grid={{ horizontal: true }}
          xAxis={[{ scaleType: 'band', data: months }]}
          yAxis={[{ min: 0, width: 56, valueFormatter: (v: number) => money(v) }]}
          series={series.map((s, i) => ({ data: s.data, label: s.brand, stack: 'cost', color: BAR_COLORS[i % BAR_COLORS.length], valueFormatter: (v: number | null) => money(v ?? 0) }))}
        />
      </Box>
      <Table size="small" data-testid="warranty-cost-table">
        <TableBody>
          {data.cost_by_brand_month.map(r => (
            <TableRow key={`${r.month}|${r.brand}`} data-testid="warranty-cost-row">
              <TableCell>{r.month}</TableCell>
              <TableCell>{none(r.brand, 'No Brand')}</TableCell>
              <TableCell align="right">{money(r.cost)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
