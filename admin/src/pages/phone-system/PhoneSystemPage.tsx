import { Alert, AlertTitle, Box, Button, Paper, Typography, useMediaQuery } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useGetList, useGetOne, useUpdate } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import { TWILIO_NOT_CONNECTED, TWILIO_SETUP_HINT, TWILIO_SIMULATION_HINT } from '../../lib/phoneSystem';
import { useTwilioConnected } from '../../providers/useAccount';
import { PageHeader } from '../../components/PageHeader';
import type { CallLog, VoicemailStats } from '../../providers/types';
import { crmQueryKey, useCrmQuery } from '../../providers/useCrm';
import { CallDetail } from './CallDetail';
import { CallLauncher } from './CallLauncher';
import { ALL_BRANDS, CallList, type CallFilters } from './CallList';
import { CallTicketPanel } from './CallTicketPanel';
import { SimulationBanner, SimulationOffer, usePhoneSimulation } from './PhoneSimulation';

const PER_PAGE = 20;
const NARROW = '(max-width:899.95px)';

/** /phone-system: the call launcher, the calls, the selected call and its ticket. */
export function PhoneSystemPage() {
  const narrow = useMediaQuery(NARROW);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CallFilters>({ search: '', brand: ALL_BRANDS, status: 'all' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The open call is in the address (?call=id): a notification's link opens it, and a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('call');
  const setSelectedId = useCallback((id: string | null) => {
    setSearchParams(prev => {
      const next = new URLSearchParams(prev);
      if (id) next.set('call', id);
      else next.delete('call');
      return next;
    }, { replace: true });
  }, [setSearchParams]);
  const { data: brands = [] } = useCrmQuery('settings', 'getSettings', [], { select: settings => settings?.brands ?? [] });
  const [update] = useUpdate<CallLog>();
  const markedRead = useRef(new Set<string>());
  const twilioConnected = useTwilioConnected();
  const { data: simulation } = usePhoneSimulation();

  // the search waits for typing to pause
  useEffect(() => {
    const timer = setTimeout(() => setSearch(filters.search.trim()), 300);
    return () => clearTimeout(timer);
  }, [filters.search]);

  const filter = useMemo(() => {
    const f: Record<string, string> = {};
    if (search) f.search = search;
    if (filters.brand !== ALL_BRANDS) f.brand = filters.brand;
    if (filters.status !== 'all') f.status = filters.status;
    return f;
  }, [search, filters.brand, filters.status]);

  const { data: calls = [], total = 0, isPending } = useGetList<CallLog>('call-logs', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'created_at', order: 'DESC' },
    filter,
  });
  const listed = calls.find(c => c.id === selectedId);
  // a linked call need not be on the list's page (older, or filtered out): read it on its own
  const { data: linked, isError: linkedMissing } = useGetOne<CallLog>('call-logs', { id: selectedId ?? '' }, { enabled: !!selectedId && !isPending && !listed });
  const selected = listed ?? (linked && linked.id === selectedId ? linked : null);

  // opening an unread call marks it read; the sidebar badge drops before the server answers
  useEffect(() => {
    if (!selected || selected.is_read || markedRead.current.has(selected.id)) return;
    markedRead.current.add(selected.id);
    if (selected.call_type === 'voicemail') {
      queryClient.setQueriesData<VoicemailStats>({ queryKey: crmQueryKey('call-logs', 'getVoicemailStats', []) }, old =>
        old ? { ...old, unread: Math.max(0, Number(old.unread) - 1) } : old,
      );
    }
    update('call-logs', { id: selected.id, data: { is_read: true }, previousData: selected });
  }, [selected, update, queryClient]);

  const changeFilters = (next: CallFilters) => {
    setFilters(next);
    setPage(1);
  };

  const list = (
    <CallList calls={calls} total={total} page={page} perPage={PER_PAGE} filters={filters} brands={brands} selectedId={selectedId}
      isPending={isPending} onFilters={changeFilters} onPage={setPage} onSelect={setSelectedId} />
  );
  const detail = selected ? (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <CallDetail call={selected} onDeleted={() => setSelectedId(null)} />
      </Box>
      <Box sx={{ width: { xs: '100%', lg: 300 }, p: { xs: 2, lg: 2 }, pt: { lg: 2 } }}>
        <CallTicketPanel call={selected} />
      </Box>
    </Box>
  ) : (
    <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="call-detail-empty">
      {selectedId && linkedMissing ? 'This call no longer exists.' : 'Select a call to see its details'}
    </Typography>
  );

  return (
    <Box data-testid="phone-system-page" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeader title="Phone System" />
      {twilioConnected === false ? (
        <Alert
          severity="info"
          data-testid="phone-system-no-twilio"
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
              <Button component={Link} to="/settings#phone-setup" size="small" data-testid="phone-system-connect-twilio">Connect Twilio</Button>
              <SimulationOffer />
            </Box>
          }
        >
          <AlertTitle>{TWILIO_NOT_CONNECTED}</AlertTitle>
          {TWILIO_SETUP_HINT}
          {simulation?.available ? ` ${TWILIO_SIMULATION_HINT}` : null}
        </Alert>
      ) : null}
      <SimulationBanner />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <CallLauncher />
      </Paper>
      {/* One tree at every width (the narrow layout hides a side instead of swapping trees), so
          resizing or rotating the window keeps what the open call holds: typed notes, an open
          Create Ticket dialog. */}
      <Paper
        variant="outlined"
        sx={narrow ? { minHeight: 400 } : { display: 'grid', gridTemplateColumns: '340px 1fr', height: 'calc(100vh - 260px)', minHeight: 480 }}
      >
        {narrow && selected ? null : <Box sx={narrow ? undefined : { borderRight: 1, borderColor: 'divider', minHeight: 0 }}>{list}</Box>}
        {narrow && !selected ? null : (
          <Box sx={narrow ? undefined : { overflowY: 'auto' }}>
            {narrow ? <Button onClick={() => setSelectedId(null)} sx={{ m: 1 }} data-testid="back-to-calls">← Back to calls</Button> : null}
            {detail}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
