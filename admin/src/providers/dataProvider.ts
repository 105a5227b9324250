import type { DataProvider } from 'react-admin';
import { accountMethods } from './methods/account';
import { exportMethods } from './methods/exports';
import { attachmentMethods } from './methods/attachments';
import { customerMethods } from './methods/customers';
import { assignmentMethods } from './methods/assignment';
import { searchMethods } from './methods/search';
import { analyticsMethods } from './methods/analytics';
import { conversationMethods } from './methods/conversation';
import { notificationMethods } from './methods/notifications';
import { onboardingMethods } from './methods/onboarding';
import { phoneSimulationMethods } from './methods/phoneSimulation';
import { restMethods } from './methods/rest';
import { settingsMethods } from './methods/settings';
import { inboundEmailMethods } from './methods/inboundEmail';
import { retentionMethods } from './methods/retention';
import { ticketMethods } from './methods/tickets';
import { uploadMethods } from './methods/uploads';
import { telephonyMethods } from './methods/telephony';
import { userMethods } from './methods/users';
import { warrantyMethods } from './methods/warranty';

/**
 * The one way the admin reaches the API: react-admin's verbs (methods/rest.ts) plus typed custom
 * methods, one file per area under methods/. Components call them through react-admin's hooks
 * (useGetList, useUpdate ...) or, for the custom ones, useCrmQuery / useCrmMutation, so that the
 * cache refreshes what a write changed (see queryClient.ts). A new method goes in its own file
 * here and is spread below.
 */
export const customMethods = {
  ...ticketMethods,
  ...analyticsMethods,
  ...accountMethods,
  ...userMethods,
  ...uploadMethods,
  ...settingsMethods,
  ...inboundEmailMethods,
  ...notificationMethods,
  ...searchMethods,
  ...telephonyMethods,
  ...conversationMethods,
  ...exportMethods,
  ...attachmentMethods,
  ...customerMethods,
  ...assignmentMethods,
  ...warrantyMethods,
  ...onboardingMethods,
  ...retentionMethods,
  ...phoneSimulationMethods,
};

export type CustomMethods = typeof customMethods;
export type CrmDataProvider = DataProvider & CustomMethods;

export const dataProvider: CrmDataProvider = { ...restMethods, ...customMethods };
