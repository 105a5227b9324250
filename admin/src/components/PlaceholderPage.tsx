import { Card, CardContent, Typography } from '@mui/material';
import { PageHeader } from './PageHeader';

/** A screen whose feature has not landed yet: just its title. */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card variant="outlined">
        <CardContent>
          <Typography color="text.secondary">This section is coming soon.</Typography>
        </CardContent>
      </Card>
    </>
  );
}
