import { Box, CircularProgress } from '@mui/material';

/**
 * Full-height centred spinner, shown while the current user or a screen loads. The box is the one
 * progressbar, named "Loading"; MUI's circle inside is hidden from assistive technology, or it would
 * be a second, unnamed progressbar (axe: aria-progressbar-name, caught on a section still loading).
 */
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
      <CircularProgress aria-hidden />
    </Box>
  );
}
