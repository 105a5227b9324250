import { Box, Chip, Typography } from '@mui/material';
import type { Ticket } from '../../../providers/types';
import { Field, Fields, InfoCard } from './InfoCard';

function Flag({ label, on, testId }: { label: string; on: boolean; testId: string }) {
  return (
    <Chip
      size="small"
      data-testid={testId}
      data-state={on ? 'yes' : 'no'}
      label={`${label}: ${on ? 'Yes' : 'No'}`}
      color={on ? 'error' : 'default'}
      variant={on ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The description (notes appended), the injury and damage flags, and what the form asked. */
export function IssueCard({ ticket }: { ticket: Ticket }) {
  return (
    <InfoCard title="Issue Details" testId="issue-card">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Flag label="Injury Reported" on={ticket.injury_reported} testId="flag-injury" />
        <Flag label="Property Damage" on={ticket.property_damage} testId="flag-damage" />
      </Box>
      <Typography
        variant="body2"
        data-testid="issue-description"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'background.default', p: 1.5, borderRadius: 1, mb: 2 }}
      >
        {ticket.issue_description}
      </Typography>
      <Fields>
        {ticket.issue_category ? <Field label="Issue Category" value={ticket.issue_category} /> : null}
        {ticket.issue_start_time ? <Field label="Issue Started" value={ticket.issue_start_time} /> : null}
        {ticket.preferred_resolution ? <Field label="Preferred Resolution" value={ticket.preferred_resolution} /> : null}
        {ticket.contact_method ? <Field label="Preferred Contact Method" value={ticket.contact_method} /> : null}
        {ticket.troubleshooting_attempted ? <Field label="Troubleshooting Steps" value={ticket.troubleshooting_steps} /> : null}
      </Fields>
    </InfoCard>
  );
}
