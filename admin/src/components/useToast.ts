import { useCallback, type ReactNode } from 'react';
import { useNotify } from 'react-admin';

export const TOAST_DURATION = 5000;

export interface ToastOptions {
  description?: string;
  /** "destructive" toasts are red, "warning" ones orange. */
  variant?: 'default' | 'success' | 'warning' | 'destructive';
  /** Shown below the description (e.g. links). */
  content?: ReactNode;
  /** Stays until the user closes it instead of hiding after 5 s. */
  persist?: boolean;
}

/**
 * toast('Login successful', { description: 'Welcome back, ann!', variant: 'success' })
 * Shown by <Toaster>: title, description below it, 5 s.
 */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, { description, variant = 'default', content, persist = false }: ToastOptions = {}) =>
      notify(title, {
        type: variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : variant === 'warning' ? 'warning' : 'info',
        description,
        content,
        autoHideDuration: persist ? null : TOAST_DURATION,
      }),
    [notify],
  );
}
