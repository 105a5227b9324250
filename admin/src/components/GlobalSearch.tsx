import { Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Box, CircularProgress, InputAdornment, OutlinedInput } from '@mui/material';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import SearchIcon from '@mui/icons-material/Search';
import { useCrmQuery } from '../providers/useCrm';
import type { SearchResults } from '../providers/types';
import { lazyScreen } from '../lib/lazyScreen';

const GlobalSearchResults = lazyScreen(() => import('./GlobalSearchResults'), 'GlobalSearchResults');

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 2;
/** Read by screen readers, not shown (the placeholder says the same to sighted users). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;
export const SEARCH_LABEL = 'Search tickets, customers and calls';

export interface Hit {
  key: string;
  group: 'Tickets' | 'Customers' | 'Calls';
  primary: string;
  secondary: string;
  to: string;
}

/** One list in display order: what the arrow keys walk through and Enter opens. */
function flatten(results: SearchResults | undefined): Hit[] {
  if (!results) return [];
  return [
    ...results.tickets.map(t => ({
      key: `ticket-${t.id}`,
      group: 'Tickets' as const,
      primary: `${t.ticket_number} · ${t.customer_name}`,
      secondary: [t.product_model, t.order_number, t.serial_number, t.status].filter(Boolean).join(' · '),
      to: `/tickets/${t.id}`,
    })),
    ...results.customers.map(c => ({
      key: `customer-${c.id}`,
      group: 'Customers' as const,
      primary: c.name,
      secondary: [c.email, c.phone, c.latest_ticket_number].filter(Boolean).join(' · '),
      to: c.latest_ticket_id ? `/tickets/${c.latest_ticket_id}` : `/tickets?filter=${encodeURIComponent(JSON.stringify({ q: c.name }))}`,
    })),
    ...results.calls.map(c => ({
      key: `call-${c.id}`,
      group: 'Calls' as const,
      primary: `${c.call_type === 'voicemail' ? 'Voicemail' : 'Call'} from ${c.caller_name ?? c.from_phone ?? 'Unknown caller'}`,
      secondary: c.transcription ?? c.from_phone ?? '',
      to: c.ticket_id ? `/tickets/${c.ticket_id}` : '/phone-system',
    })),
  ];
}

/**
 * The top bar's "Search tickets, customers..." box: results as you type (debounced), grouped,
 * arrow keys move, Enter opens the record, Escape closes, "/" anywhere focuses the box.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const enabled = query.length >= MIN_LENGTH;
  const { data, isFetching } = useCrmQuery('search', 'search', [query], { enabled, staleTime: 10_000, placeholderData: previous => previous });
  const hits = useMemo(() => (enabled ? flatten(data) : []), [data, enabled]);
  useEffect(() => setActive(0), [hits]);

  const openHit = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    inputRef.current?.blur();
    navigate(hit.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(i => (hits.length ? (i + 1) % hits.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(i => (hits.length ? (i - 1 + hits.length) % hits.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openHit(hits[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      inputRef.current?.blur();
    }
  };

  const showPanel = open && text.trim().length >= MIN_LENGTH;
  // mounted from the first time the panel opens on, so that it can close with its transition
  const [panelWanted, setPanelWanted] = useState(false);
  useEffect(() => {
    if (showPanel) setPanelWanted(true);
  }, [showPanel]);
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box ref={anchorRef} sx={{ position: 'relative' }}>
        {/* a real label for the box (issue 34: only its placeholder named it), read by screen readers */}
        <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
          {SEARCH_LABEL}
        </Box>
        {/* OutlinedInput, not TextField: TextField brings Select, its menu and the other variants (issue 32) */}
        <OutlinedInput
          id={inputId}
          size="small"
          fullWidth
          placeholder="Search tickets, customers..."
          value={text}
          onChange={event => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          inputRef={inputRef}
          inputProps={{
            'data-testid': 'search-input',
            role: 'combobox',
            'aria-expanded': showPanel,
            'aria-controls': 'global-search-results',
            'aria-activedescendant': hits[active] ? `search-hit-${hits[active].key}` : undefined,
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          endAdornment={isFetching ? <CircularProgress size={16} aria-label="Searching" /> : undefined}
        />
        {/* the results' popper and list load when the panel first opens (issue 32: not in the first load) */}
        {panelWanted || showPanel ? (
          <Suspense fallback={null}>
            <GlobalSearchResults
              open={showPanel}
              anchor={anchorRef.current}
              empty={Boolean(enabled && data && hits.length === 0 && !isFetching)}
              query={query}
              hits={hits}
              active={active}
              onHover={setActive}
              onOpen={openHit}
            />
          </Suspense>
        ) : null}
      </Box>
    </ClickAwayListener>
  );
}
