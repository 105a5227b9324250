import { Box, CircularProgress } from '@mui/material';

/** Full-height centred spinner, shown while the current user loads. */
export function CenteredSpinner({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      data-testid="loading-spinner"
      role="progressbar"
      aria-label="Loading"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress />
    </Box>
  );
}
