import PromiseIcon from '@mui/icons-material/VerifiedOutlined';
import { MetricCard } from '../../components/MetricCard';
import { promisesKeptNote, promisesKeptValue } from '../../lib/analytics';
import { NotEnoughData } from './AnalyticsParts';
import { useResponsePromises, type BrandPeriod } from './analyticsData';

/** Share of the period's tickets answered within their response promise (from the API's rollups). */
export function PromisesKeptCard({ days }: { days: BrandPeriod }) {
  const promises = useResponsePromises(days);
  const value = promisesKeptValue(promises.data?.answered_within_promise_percent);
  return (
    <MetricCard
      testId="promises-kept"
      title="Answered Within Promise"
      icon={<PromiseIcon />}
      loading={promises.isPending}
      value={value ?? <NotEnoughData />}
      note={promisesKeptNote(days, promises.data)}
    />
  );
}
