import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

/** A titled card of the ticket detail. */
export function InfoCard({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A label over its value; "N/A" when the value is missing. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Box>
  );
}

export function Fields({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>{children}</Box>;
}
