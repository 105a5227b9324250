import { localStorageStore } from 'react-admin';
import { i18nProvider } from './i18nProvider';

/** react-admin's store (list params, preferences) in localStorage; read by CrmAdmin and firstLoad.ts. */
export const store = localStorageStore();

/**
 * The app's one locale, stored where react-admin's I18nContextProvider compares it with the
 * i18nProvider's: with none stored (any browser that never chose one) it rendered nothing on the
 * first render and the whole app a render later, after the first commit's effects (issue 32).
 */
export function storeLocale(): void {
  const locale = i18nProvider.getLocale();
  if (store.getItem('locale') !== locale) store.setItem('locale', locale);
}
storeLocale();
