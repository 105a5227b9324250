import { localStorageStore } from 'react-admin';

/** react-admin's store (list params, preferences) in localStorage; read by CrmAdmin and firstLoad.ts. */
export const store = localStorageStore();
