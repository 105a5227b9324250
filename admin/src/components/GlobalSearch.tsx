import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Box, CircularProgress, InputAdornment, List, ListItemButton, ListItemText, ListSubheader, Paper, Popper, TextField, Typography } from '@mui/material';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import SearchIcon from '@mui/icons-material/Search';
import { useCrmQuery } from '../providers/useCrm';
import type { SearchResults } from '../providers/types';

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 2;
/** Read by screen readers, not shown (the placeholder says the same to sighted users). */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;
export const SEARCH_LABEL = 'Search tickets, customers and calls';

interface Hit {
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
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box ref={anchorRef} sx={{ position: 'relative' }}>
        {/* a real label for the box (issue 34: only its placeholder named it), read by screen readers */}
        <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
          {SEARCH_LABEL}
        </Box>
        <TextField
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
          slotProps={{
            htmlInput: {
              'data-testid': 'search-input',
              role: 'combobox',
              'aria-expanded': showPanel,
              'aria-controls': 'global-search-results',
              'aria-activedescendant': hits[active] ? `search-hit-${hits[active].key}` : undefined,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: isFetching ? <CircularProgress size={16} aria-label="Searching" /> : undefined,
            },
          }}
        />
        <Popper open={showPanel} anchorEl={anchorRef.current} placement="bottom-start" sx={{ zIndex: 1300, width: anchorRef.current?.clientWidth }}>
          <Paper elevation={4} sx={{ mt: 0.5, maxHeight: 480, overflow: 'auto' }} data-testid="search-results">
            {enabled && data && hits.length === 0 && !isFetching ? (
              <Typography sx={{ p: 2 }} color="text.secondary" data-testid="search-empty">
                No results for “{query}”
              </Typography>
            ) : (
              <List id="global-search-results" role="listbox" dense disablePadding>
                {(['Tickets', 'Customers', 'Calls'] as const).map(group => {
                  const inGroup = hits.filter(h => h.group === group);
                  if (inGroup.length === 0) return null;
                  return (
                    <Box key={group} data-testid={`search-group-${group.toLowerCase()}`}>
                      <ListSubheader sx={{ lineHeight: '32px' }}>{group}</ListSubheader>
                      {inGroup.map(hit => {
                        const index = hits.indexOf(hit);
                        return (
                          <ListItemButton
                            key={hit.key}
                            id={`search-hit-${hit.key}`}
                            role="option"
                            aria-selected={index === active}
                            selected={index === active}
                            data-testid="search-hit"
                            onMouseEnter={() => setActive(index)}
                            onMouseDown={event => event.preventDefault()}
                            onClick={() => openHit(hit)}
                          >
                            <ListItemText primary={hit.primary} secondary={hit.secondary} slotProps={{ secondary: { noWrap: true } }} />
                          </ListItemButton>
                        );
                      })}
                    </Box>
                  );
                })}
              </List>
            )}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
