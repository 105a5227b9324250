import { Button, CircularProgress, type ButtonProps } from '@mui/material';

/**
 * A contained action button that shows a spinner and its pending label while the action runs,
 * and cannot be pressed twice meanwhile.
 */
export function PendingButton({
  pending,
  label,
  pendingLabel,
  size,
  ...props
}: Omit<ButtonProps, 'children' | 'startIcon' | 'disabled'> & { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button
      variant="contained"
      size={size}
      disabled={pending}
      startIcon={pending ? <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" /> : null}
      {...props}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
