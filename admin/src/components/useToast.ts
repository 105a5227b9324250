import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export const TOAST_DURATION = 5000;

export interface ToastOptions {
  description?: string;
  /** "destructive" toasts are red. */
  variant?: 'default' | 'success' | 'destructive';
}

/**
 * toast('Login successful', { description: 'Welcome back, ann!', variant: 'success' })
 * Shown by <Toaster>: title, description below it, 5 s.
 */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, { description, variant = 'default' }: ToastOptions = {}) =>
      notify(title, {
        type: variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info',
        description,
        autoHideDuration: TOAST_DURATION,
      }),
    [notify],
  );
}
