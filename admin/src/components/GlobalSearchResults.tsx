import { Box, List, ListItemButton, ListItemText, ListSubheader, Paper, Popper, Typography } from '@mui/material';
import type { Hit } from './GlobalSearch';

/**
 * The global search's results panel (GlobalSearch.tsx), grouped Tickets, Customers, Calls; loaded
 * when the panel first opens, so the popper is not part of the first load (issue 32).
 */
export function GlobalSearchResults({
  open,
  anchor,
  empty,
  query,
  hits,
  active,
  onHover,
  onOpen,
}: {
  open: boolean;
  anchor: HTMLElement | null;
  empty: boolean;
  query: string;
  hits: Hit[];
  active: number;
  onHover: (index: number) => void;
  onOpen: (hit: Hit) => void;
}) {
  return (
    <Popper open={open} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 1300, width: anchor?.clientWidth }}>
      <Paper elevation={4} sx={{ mt: 0.5, maxHeight: 480, overflow: 'auto' }} data-testid="search-results">
        {empty ? (
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
                        onMouseEnter={() => onHover(index)}
                        onMouseDown={event => event.preventDefault()}
                        onClick={() => onOpen(hit)}
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
  );
}
