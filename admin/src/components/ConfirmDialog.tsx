import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { PendingButton } from './PendingButton';

/**
 * A question before an action that cannot be taken back (log out, delete, remove). Test ids:
 * `<testId>-dialog`, `<testId>-cancel`, `<testId>-confirm`.
 */
export function ConfirmDialog({
  open,
  title,
  content,
  confirmLabel,
  pendingLabel = confirmLabel,
  pending = false,
  testId,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  content: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  testId: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${testId}-title`}
      data-testid={`${testId}-dialog`}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{content}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={pending} data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
        <PendingButton color="error" onClick={onConfirm} pending={pending} label={confirmLabel} pendingLabel={pendingLabel} data-testid={`${testId}-confirm`} />
      </DialogActions>
    </Dialog>
  );
}
