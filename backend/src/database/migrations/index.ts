import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Initial } from './Migration20261122000000Initial.js';
import { Migration20261122100000Tickets } from './Migration20261122100000Tickets.js';
import { Migration20261123000000Jobs } from './Migration20261123000000Jobs.js';
import { Migration20261123100000TicketRollups } from './Migration20261123100000TicketRollups.js';
import { Migration20261123130000Uploads } from './Migration20261123130000Uploads.js';
import { Migration20261123140000Telephony } from './Migration20261123140000Telephony.js';
import { Migration20261123150000VoiceAgent } from './Migration20261123150000VoiceAgent.js';

/** Applied in this order; a new migration is appended here after `npm run migration:create`. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Initial', class: Migration20261122000000Initial },
  { name: 'Migration20261122100000Tickets', class: Migration20261122100000Tickets },
  { name: 'Migration20261123000000Jobs', class: Migration20261123000000Jobs },
  { name: 'Migration20261123100000TicketRollups', class: Migration20261123100000TicketRollups },
  { name: 'Migration20261123130000Uploads', class: Migration20261123130000Uploads },
  { name: 'Migration20261123140000Telephony', class: Migration20261123140000Telephony },
  { name: 'Migration20261123150000VoiceAgent', class: Migration20261123150000VoiceAgent },
];
