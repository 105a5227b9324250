import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Button, Snackbar } from '@mui/material';
import {
  CloseNotificationContext,
  type NotificationPayload,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { TOAST_DURATION } from './useToast';

/**
 * Replaces react-admin's <Notification>: one toast at a time (a new one
 * replaces the current one), 5 s by default, a bold title with an optional
 * description line, red for errors and green for successes. Both our own
 * toasts (useToast) and react-admin's notifications go through here.
 */
export function Toaster() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ key: number; payload: NotificationPayload } | null>(null);
  const [open, setOpen] = useState(false);

  const settleUndoable = useCallback(
    (payload: NotificationPayload | undefined, isUndo: boolean) => {
      if (payload?.notificationOptions?.undoable) {
        const mutation = takeMutation();
        if (mutation) mutation({ isUndo });
      }
    },
    [takeMutation],
  );

  const currentRef = useRef(current);
  currentRef.current = current;
  const counter = useRef(0);

  useEffect(() => {
    if (!notifications.length) return;
    const next = takeNotification();
    if (!next) return;
    // a new toast replaces the one on screen; an undoable action it carried is committed
    settleUndoable(currentRef.current?.payload, false);
    counter.current += 1;
    setCurrent({ key: counter.current, payload: next });
    setOpen(true);
  }, [notifications, takeNotification, settleUndoable]);

  const close = useCallback(() => setOpen(false), []);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current.payload;
  const { autoHideDuration, messageArgs, undoable, description } = notificationOptions;
  const title = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
  const severity = type === 'error' ? 'error' : type === 'success' ? 'success' : type === 'warning' ? 'warning' : 'info';

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={current.key}
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_DURATION : (autoHideDuration ?? undefined)}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{
          transition: {
            onExited: () => {
              settleUndoable(current.payload, false);
              setCurrent(value => (value?.key === current.key ? null : value));
            },
          },
        }}
      >
        <Alert
          data-testid="toast"
          data-type={type}
          role={type === 'error' ? 'alert' : 'status'}
          severity={severity}
          variant="filled"
          onClose={close}
          sx={{ minWidth: 300, maxWidth: 420, boxShadow: 6, whiteSpace: 'pre-line' }}
          action={
            undoable ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  settleUndoable(current.payload, true);
                  setCurrent(null);
                }}
              >
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {description ? (
            <>
              <AlertTitle data-testid="toast-title" sx={{ mb: 0.25 }}>
                {title}
              </AlertTitle>
              <span data-testid="toast-description">{description}</span>
            </>
          ) : (
            <span data-testid="toast-title">{title}</span>
          )}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
