import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * One accordion section of the Settings page. `readOnly` (the line saying who can change it) shows
 * the section to a user whose role may not change it, with every control disabled; the server
 * refuses the writes anyway.
 */
export function SettingsSection({ id, title, description, icon, children, defaultExpanded, readOnly }: {
  id: string;
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
  defaultExpanded?: boolean;
  readOnly?: string | false;
}) {
  // a link to /settings#<id> (the dashboard's setup checklist, the empty states) opens and shows its section
  const targeted = useLocation().hash === `#${id}`;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (targeted) ref.current?.scrollIntoView({ block: 'start' });
  }, [targeted]);
  return (
    <Accordion ref={ref} id={id} defaultExpanded={defaultExpanded || targeted} disableGutters variant="outlined" data-testid={`settings-${id}`} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {icon}
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {description ? (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        {readOnly ? (
          <>
            <Alert severity="info" sx={{ mb: 2 }} data-testid={`settings-${id}-read-only`}>
              {readOnly}
            </Alert>
            <Box component="fieldset" disabled aria-disabled="true" sx={{
                border: 0,
                p: 0,
                m: 0,
                minWidth: 0,
                pointerEvents: 'none',
                // the native `disabled` of the fieldset does not reach MUI's looks: show it
                '& button, & .MuiCheckbox-root, & .MuiSwitch-root': { filter: 'grayscale(1)', opacity: 0.5 },
                '& .MuiInputBase-root': { bgcolor: 'action.hover' },
              }}>
              {children}
            </Box>
          </>
        ) : (
          children
        )}
      </AccordionDetails>
    </Accordion>
  );
}
