import { Box, List, ListItem, ListItemButton, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { formatDuration } from '../../lib/duration';
import { CALL_STATUS_FILTERS, callParty } from '../../lib/phoneSystem';
import { relativeTime } from '../../lib/relativeTime';
import type { CallLog } from '../../providers/types';

export const ALL_BRANDS = '__all__';

export interface CallFilters {
  search: string;
  brand: string;
  status: string;
}

/** The calls, newest first, filtered and paged by the server; arrows move the selection. */
export function CallList({
  calls,
  total,
  page,
  perPage,
  filters,
  brands,
  selectedId,
  isPending,
  onFilters,
  onPage,
  onSelect,
}: {
  calls: CallLog[];
  total: number;
  page: number;
  perPage: number;
  filters: CallFilters;
  brands: string[];
  selectedId: string | null;
  isPending: boolean;
  onFilters(filters: CallFilters): void;
  onPage(page: number): void;
  onSelect(id: string): void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const pages = Math.max(1, Math.ceil(total / perPage));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const index = calls.findIndex(c => c.id === selectedId);
    const next = event.key === 'ArrowDown' ? Math.min(calls.length - 1, index + 1) : Math.max(0, index - 1);
    if (calls[next]) onSelect(calls[next].id);
  };

  useEffect(() => {
    const item = listRef.current?.querySelector<HTMLElement>(`[data-call-id="${selectedId}"]`);
    if (item && listRef.current?.contains(document.activeElement)) item.focus();
  }, [selectedId]);

  return (
    <Box data-testid="call-list" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Stack spacing={1} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TextField size="small" placeholder="Search phone number…" value={filters.search}
          onChange={e => onFilters({ ...filters, search: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'call-search', 'aria-label': 'Search phone number' } }} />
        <Stack direction="row" spacing={1}>
          <TextField select size="small" label="Brand" value={filters.brand} fullWidth
            onChange={e => onFilters({ ...filters, brand: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'call-brand-filter' } }}>
            <MenuItem value={ALL_BRANDS}>All Brands</MenuItem>
            {brands.map(b => <MenuItem key={b} value={b}>{b}</MenuItem>)}
          </TextField>
          <TextField select size="small" label="Status" value={filters.status} fullWidth
            onChange={e => onFilters({ ...filters, status: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'call-status-filter' } }}>
            {CALL_STATUS_FILTERS.map(f => <MenuItem key={f.id} value={f.id}>{f.label}</MenuItem>)}
          </TextField>
        </Stack>
      </Stack>
      <List ref={listRef} dense disablePadding onKeyDown={onKeyDown} sx={{ flex: 1, overflowY: 'auto' }} aria-label="Calls">
        {!isPending && calls.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ p: 2 }} data-testid="call-list-empty">No calls found</Typography>
        )}
        {/* <li> items: a list's children are its items (axe: list) */}
        {calls.map(call => (
          <ListItem key={call.id} disablePadding>
          <ListItemButton data-call-id={call.id} data-testid="call-row" data-unread={!call.is_read}
            selected={call.id === selectedId} onClick={() => onSelect(call.id)}
            sx={{ borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start', bgcolor: call.is_read ? undefined : 'action.hover' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" justifyContent="space-between" spacing={1}>
                <Typography variant="body2" noWrap sx={{ fontWeight: call.is_read ? 400 : 700 }}>
                  {!call.is_read && <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mr: 1 }} />}
                  {callParty(call)}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap>{relativeTime(call.created_at)}</Typography>
              </Stack>
              <Stack direction="row" justifyContent="space-between" spacing={1}>
                <Typography variant="caption" color="text.secondary" noWrap>
                  {[call.caller_name ? call.from_phone : null, call.brand].filter(Boolean).join(' · ') || (call.call_type === 'call' ? 'Call' : 'Voicemail')}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-testid="call-row-duration">{formatDuration(call.recording_duration)}</Typography>
              </Stack>
            </Box>
          </ListItemButton>
          </ListItem>
        ))}
      </List>
      {pages > 1 && (
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'center', borderTop: 1, borderColor: 'divider' }}>
          <Pagination size="small" count={pages} page={page} onChange={(_, p) => onPage(p)} data-testid="call-pagination" />
        </Box>
      )}
    </Box>
  );
}
