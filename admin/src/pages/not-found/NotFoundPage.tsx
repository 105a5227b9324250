import { Link } from 'react-router';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/ErrorOutline';

/** Any unknown path; open to anyone. */
export function NotFoundPage() {
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <ErrorIcon color="error" fontSize="large" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              404 Page Not Found
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            The page you are looking for does not exist or has been moved.
          </Typography>
          <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }} data-testid="not-found-home">
            Go to Dashboard
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
