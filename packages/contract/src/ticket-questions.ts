import { JACK_MODELS } from './ticket-options.js';

/**
 * The six ticket questions an organization may ask or not (spec part 2: settings
 * `ticket_fields_enabled`), and the create payload's field each one is. A question that is not
 * enabled is neither asked (create form, Edit view, the AI agent's function) nor required, and an
 * answer sent for it anyway is ignored.
 */
export const TICKET_QUESTIONS = [
  'product_model',
  'purchase_location',
  'purchase_date',
  'issue_description',
  'injury_reported',
  'property_damage',
] as const;
export type TicketQuestion = (typeof TICKET_QUESTIONS)[number];

/** The create payload's (camelCase) field of each question. */
export const QUESTION_PAYLOAD_FIELD = {
  product_model: 'jackModel',
  purchase_location: 'purchaseLocation',
  purchase_date: 'purchaseDate',
  issue_description: 'issueDescription',
  injury_reported: 'injuryReported',
  property_damage: 'propertyDamage',
} as const satisfies Record<TicketQuestion, string>;

/** Whether a question is asked; an unknown list (settings not loaded) asks every one. */
export function isQuestionAsked(enabled: readonly string[] | null | undefined, question: TicketQuestion): boolean {
  return !enabled || enabled.includes(question);
}

/** The create payload's fields of the questions that are not asked. */
export function unaskedPayloadFields(enabled: readonly string[] | null | undefined): string[] {
  return TICKET_QUESTIONS.filter((q) => !isQuestionAsked(enabled, q)).map((q) => QUESTION_PAYLOAD_FIELD[q]);
}

/** What the intake check reads of a ticket (the API's snake_case record). */
export interface IntakeRecord {
  customer?: { email?: string | null } | null;
  order_number?: string | null;
  purchase_date?: string | null;
  purchase_location?: string | null;
  product_sku?: string | null;
  product_model?: string | null;
  issue_category?: string | null;
  issue_description?: string | null;
  issue_start_time?: string | null;
  preferred_resolution?: string | null;
}

/**
 * The create form's required fields a ticket lacks (a ticket made from a call or by the AI agent
 * may lack them), by their form labels, in the form's order; questions not asked are not missing.
 * A jack model that is not one of the form's options is missing too.
 */
export function missingIntakeFields(ticket: IntakeRecord, enabled: readonly string[] | null | undefined): string[] {
  const blank = (v: string | null | undefined) => !v || !v.trim();
  const checks: [string, boolean, TicketQuestion?][] = [
    ['Email', blank(ticket.customer?.email)],
    ['Order Number', blank(ticket.order_number)],
    ['Purchase Date', blank(ticket.purchase_date), 'purchase_date'],
    ['Purchase Location', blank(ticket.purchase_location), 'purchase_location'],
    ['Product SKU/Model', blank(ticket.product_sku)],
    // A model given as free text (a call's form, the AI agent) is not yet one of the form's options.
    ['Jack Model', !(JACK_MODELS as readonly string[]).includes(ticket.product_model ?? ''), 'product_model'],
    ['Issue Category', blank(ticket.issue_category)],
    ['When did the issue start?', blank(ticket.issue_start_time)],
    ['Preferred Resolution', blank(ticket.preferred_resolution)],
  ];
  return checks.filter(([, missing, question]) => missing && (!question || isQuestionAsked(enabled, question))).map(([label]) => label);
}

type JsonProperty = { type: 'string' | 'boolean'; description: string; format?: 'date' | 'email' };

/**
 * The create_warranty_ticket custom function as it is entered in Retell (name, description,
 * parameters as JSON Schema), for the questions the organization asks: the agent is told to collect
 * only those, and the server ignores an answer to another (its description is what the model reads).
 */
export function warrantyTicketFunction(enabled: readonly string[] | null | undefined): {
  name: 'create_warranty_ticket';
  description: string;
  parameters: { type: 'object'; properties: Record<string, JsonProperty>; required: string[] };
} {
  const asks = (q: TicketQuestion) => isQuestionAsked(enabled, q);
  const properties: Record<string, JsonProperty> = {
    customer_name: { type: 'string', description: "The caller's full name" },
    customer_email: { type: 'string', format: 'email', description: "The caller's e-mail address, if they have one" },
    customer_phone: { type: 'string', description: 'A callback number, if it is not the number they are calling from' },
    product_sku: { type: 'string', description: asks('product_model') ? 'The product SKU (or give the model)' : 'The product SKU' },
  };
  if (asks('product_model')) properties.product_model = { type: 'string', description: 'The product model, e.g. 3-Ton Floor Jack' };
  if (asks('purchase_date')) properties.purchase_date = { type: 'string', format: 'date', description: 'The purchase date as YYYY-MM-DD' };
  if (asks('purchase_location')) properties.purchase_location = { type: 'string', description: 'Where the product was bought' };
  properties.order_number = { type: 'string', description: 'The order number, if they have it' };
  properties.serial_number = { type: 'string', description: 'The serial number, if they have it' };
  if (asks('issue_description')) properties.issue_description = { type: 'string', description: 'What is wrong with the product, in the caller\u2019s words' };
  if (asks('injury_reported')) properties.injury_reported = { type: 'boolean', description: 'Whether anyone was injured' };
  if (asks('property_damage')) properties.property_damage = { type: 'boolean', description: 'Whether any property was damaged' };
  const required = ['customer_name', ...(asks('issue_description') ? ['issue_description'] : []), ...(asks('product_model') ? [] : ['product_sku'])];
  return {
    name: 'create_warranty_ticket',
    description:
      "Creates the caller's warranty ticket once you have collected their details. Ask only for the fields listed; " +
      'the answer contains the ticket number and the warranty status to tell the caller.',
    parameters: { type: 'object', properties, required },
  };
}
