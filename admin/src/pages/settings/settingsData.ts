import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import type { CrmDataProvider } from '../../providers/dataProvider';
import type { Settings, SettingsPatch } from '../../providers/types';

/** The cache key useCrmQuery('settings', 'getSettings', []) uses too (the ticket filters' brands). */
export const SETTINGS_KEY = ['settings', 'getSettings'] as const;

export function useCrm() {
  return useDataProvider<CrmDataProvider>();
}

export function useSettings() {
  const crm = useCrm();
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => crm.getSettings() });
}

/**
 * Saves one section's fields: "Settings saved", or the server's message ("Failed to save settings"
 * without one). Resolves the field errors of a refused save, for the section's Form to show.
 */
export function useSaveSettings() {
  const crm = useCrm();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(
    async (patch: SettingsPatch): Promise<Record<string, string> | undefined> => {
      try {
        const saved = await crm.updateSettings(patch);
        queryClient.setQueryData<Settings>(SETTINGS_KEY, saved);
        void queryClient.invalidateQueries({ queryKey: ['settings'] });
        toast('Settings saved', { variant: 'success' });
        return undefined;
      } catch (failure) {
        toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
        const errors = fieldErrorsFrom(failure);
        return Object.keys(errors).length ? errors : undefined;
      }
    },
    [crm, queryClient, toast],
  );
}
