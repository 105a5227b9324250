/**
 * The contract both sides of the API apply: the ticket form's option lists, limits and messages
 * (spec part 1 sections 3 and 5) and the warranty rule (section 9). Plain TypeScript without
 * dependencies, compiled to dist/ (ESM) for Node and bundled from source by Vite.
 */
export * from './calendar.js';
export * from './list-paging.js';
export * from './ticket-notes.js';
export * from './ticket-options.js';
export * from './ticket-questions.js';
export * from './response-promise.js';
export * from './warranty.js';
export * from './warranty-term.js';
export * from './settings-messages.js';
export * from './roles.js';
export * from './conversation.js';
export * from './exports.js';
export * from './inbound-email.js';
export * from './attachments.js';
export * from './customers.js';
export * from './canned-replies.js';
export * from './warranty-resolution.js';
export * from './onboarding.js';
export * from './data-retention.js';
export * from './phone-simulation.js';
export * from './admin-pages.js';
