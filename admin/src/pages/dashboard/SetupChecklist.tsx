import { Link } from 'react-router';
import { Box, Button, Card, IconButton, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import TodoIcon from '@mui/icons-material/RadioButtonUnchecked';
import CloseIcon from '@mui/icons-material/Close';
import { ONBOARDING_STEP_LINKS } from '../../lib/onboarding';
import type { OnboardingRecord } from '../../providers/methods/onboarding';

/**
 * The new owner's setup checklist (issue 34): each step links to its place and ticks itself from
 * the organization's data (GET /api/onboarding); the owner may dismiss it for good.
 */
export function SetupChecklist({ onboarding, onDismiss, dismissing }: { onboarding: OnboardingRecord; onDismiss: () => void; dismissing: boolean }) {
  const done = onboarding.steps.filter(s => s.done).length;
  return (
    <Card data-testid="setup-checklist" sx={{ mb: { xs: 2, md: 3 }, p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Set up {onboarding.organization_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="setup-checklist-progress">
            {done} of {onboarding.steps.length} steps done
          </Typography>
        </Box>
        <Tooltip title="Dismiss the checklist">
          <span>
            <IconButton aria-label="Dismiss the setup checklist" onClick={onDismiss} disabled={dismissing} data-testid="setup-checklist-dismiss">
              <CloseIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <LinearProgress variant="determinate" value={(done / Math.max(1, onboarding.steps.length)) * 100} sx={{ my: 1.5 }} aria-label="Setup progress" />
      <List disablePadding>
        {onboarding.steps.map(step => {
          const link = ONBOARDING_STEP_LINKS[step.key];
          return (
            <ListItem
              key={step.key}
              disableGutters
              data-testid={`setup-step-${step.key}`}
              data-done={step.done ? 'true' : 'false'}
              secondaryAction={
                step.done ? null : (
                  <Button component={Link} to={link.to} size="small" variant="outlined" data-testid={`setup-step-${step.key}-link`}>
                    {link.action}
                  </Button>
                )
              }
              sx={{ pr: step.done ? 0 : 16 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {step.done ? <CheckIcon color="success" titleAccess="Done" /> : <TodoIcon color="disabled" titleAccess="To do" />}
              </ListItemIcon>
              <ListItemText
                primary={step.label}
                secondary={link.hint}
                slotProps={{ primary: { sx: step.done ? { textDecoration: 'line-through', color: 'text.secondary' } : { fontWeight: 600 } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Card>
  );
}
