import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Inside a react-admin Form: while it has unsaved changes, closing the tab, reloading or typing
 * another address asks first (the browser's own `beforeunload` prompt). Navigation inside the app is
 * react-admin's `warnWhenUnsavedChanges` (a router blocker) on the same Form.
 */
export function WarnBeforeUnload() {
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
