import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { crmQueryKey, useCrmMutation, useCrmQuery } from '../../providers/useCrm';
import type { Settings, SettingsPatch } from '../../providers/types';

/** The settings' one cache key, shared with every other read of them (the ticket filters' brands, the ticket forms). */
export const SETTINGS_KEY = crmQueryKey('settings', 'getSettings', []);

export function useSettings() {
  return useCrmQuery('settings', 'getSettings', []);
}

/**
 * Saves one section's fields: "Settings saved", or the server's message ("Failed to save settings"
 * without one). Resolves the field errors of a refused save, for the section's Form to show.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const toast = useToast();
  // a successful save refetches every read of 'settings' (queryClient.ts)
  const { mutateAsync } = useCrmMutation('settings', 'updateSettings', {
    onSuccess: saved => queryClient.setQueryData<Settings>(SETTINGS_KEY, saved),
  });
  return useCallback(
    async (patch: SettingsPatch): Promise<Record<string, string> | undefined> => {
      try {
        await mutateAsync([patch]);
        toast('Settings saved', { variant: 'success' });
        return undefined;
      } catch (failure) {
        toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
        const errors = fieldErrorsFrom(failure);
        return Object.keys(errors).length ? errors : undefined;
      }
    },
    [mutateAsync, toast],
  );
}
