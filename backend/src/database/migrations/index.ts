import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Initial } from './Migration20261122000000Initial.js';
import { Migration20261122100000Tickets } from './Migration20261122100000Tickets.js';
import { Migration20261123000000Jobs } from './Migration20261123000000Jobs.js';
import { Migration20261123100000TicketRollups } from './Migration20261123100000TicketRollups.js';
import { Migration20261123130000Uploads } from './Migration20261123130000Uploads.js';
import { Migration20261123140000Telephony } from './Migration20261123140000Telephony.js';
import { Migration20261123150000VoiceAgent } from './Migration20261123150000VoiceAgent.js';
import { Migration20261123150000Notifications } from './Migration20261123150000Notifications.js';
import { Migration20261124000000Search } from './Migration20261124000000Search.js';
import { Migration20261124010000DuplicateClaims } from './Migration20261124010000DuplicateClaims.js';
import { Migration20261124020000CallCustomers } from './Migration20261124020000CallCustomers.js';
import { Migration20261125000000ResponsePromises } from './Migration20261125000000ResponsePromises.js';
import { Migration20261125010000ConfirmationActivity } from './Migration20261125010000ConfirmationActivity.js';
import { Migration20261125020000CustomerPhones } from './Migration20261125020000CustomerPhones.js';
import { Migration20261125030000JobHeartbeats } from './Migration20261125030000JobHeartbeats.js';
import { Migration20261126000000TicketNumberPrefix } from './Migration20261126000000TicketNumberPrefix.js';
import { Migration20261127000000ParallelCreates } from './Migration20261127000000ParallelCreates.js';
import { Migration20261128000000BrowserAlertsInFanOut } from './Migration20261128000000BrowserAlertsInFanOut.js';
import { Migration20261128300000UserInvitations } from './Migration20261128300000UserInvitations.js';
import { Migration20261128310000A2pSync } from './Migration20261128310000A2pSync.js';
import { Migration20261128400000SavedProductBrands } from './Migration20261128400000SavedProductBrands.js';

/** Applied in this order; a new migration is appended here after `npm run migration:create`. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261122100000Tickets', class: Migration20261122100000Tickets },
  { name: 'Migration20261123000000Jobs', class: Migration20261123000000Jobs },
  { name: 'Migration20261123100000TicketRollups', class: Migration20261123100000TicketRollups },
  { name: 'Migration20261123130000Uploads', class: Migration20261123130000Uploads },
  { name: 'Migration20261123140000Telephony', class: Migration20261123140000Telephony },
  { name: 'Migration20261123150000VoiceAgent', class: Migration20261123150000VoiceAgent },
  { name: 'Migration20261123150000Notifications', class: Migration20261123150000Notifications },
  { name: 'Migration20261124000000Search', class: Migration20261124000000Search },
  { name: 'Migration20261124010000DuplicateClaims', class: Migration20261124010000DuplicateClaims },
  { name: 'Migration20261124020000CallCustomers', class: Migration20261124020000CallCustomers },
  { name: 'Migration20261125000000ResponsePromises', class: Migration20261125000000ResponsePromises },
  { name: 'Migration20261125010000ConfirmationActivity', class: Migration20261125010000ConfirmationActivity },
  { name: 'Migration20261125020000CustomerPhones', class: Migration20261125020000CustomerPhones },
  { name: 'Migration20261125030000JobHeartbeats', class: Migration20261125030000JobHeartbeats },
  { name: 'Migration20261126000000TicketNumberPrefix', class: Migration20261126000000TicketNumberPrefix },
  { name: 'Migration20261127000000ParallelCreates', class: Migration20261127000000ParallelCreates },
  { name: 'Migration20261128000000BrowserAlertsInFanOut', class: Migration20261128000000BrowserAlertsInFanOut },
  { name: 'Migration20261128300000UserInvitations', class: Migration20261128300000UserInvitations },
  { name: 'Migration20261128310000A2pSync', class: Migration20261128310000A2pSync },
  { name: 'Migration20261128400000SavedProductBrands', class: Migration20261128400000SavedProductBrands },
];
