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

/** Spec part 1 section 9: a toast swiped right by 50 px goes away; F8 focuses the toast region. */
const SWIPE_THRESHOLD_PX = 50;
const FOCUS_HOTKEY = 'F8';
const TOAST_ANCHOR = { vertical: 'top', horizontal: 'center' } as const;
/** The top bar is 64 px high (layout/TopBar.tsx): the toast sits 8 px below it. */
const TOAST_TOP_PX = 72;

/**
 * Replaces react-admin's <Notification>: one toast at a time (a new one
 * replaces the current one), 5 s by default, a bold title with an optional
 * description line, red for errors and green for successes. Both our own
 * toasts (useToast) and react-admin's notifications go through here. A toast
 * may carry content below its description (links) and stay until closed.
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
  const region = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === FOCUS_HOTKEY) region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current.payload;
  const { autoHideDuration, messageArgs, undoable, description, content } = notificationOptions;
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
        // Top centre, just below the top bar, at every size (issue 34: at the bottom right an error
        // toast covered the Change Password button that caused it): the actions that raise toasts sit
        // in the page (headers' right ends, forms' ends, dialogs), not in the strip under the top bar's
        // centre, and the top bar's own controls stay uncovered.
        anchorOrigin={TOAST_ANCHOR}
        sx={{ top: { xs: TOAST_TOP_PX, sm: TOAST_TOP_PX } }}
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
          ref={region}
          tabIndex={-1}
          aria-label="Notifications (F8)"
          onTouchStart={event => {
            swipeStart.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={event => {
            const endX = event.changedTouches[0]?.clientX;
            if (swipeStart.current !== null && endX !== undefined && endX - swipeStart.current >= SWIPE_THRESHOLD_PX) close();
            swipeStart.current = null;
          }}
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
              {content}
            </>
          ) : (
            <span data-testid="toast-title">{title}</span>
          )}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
