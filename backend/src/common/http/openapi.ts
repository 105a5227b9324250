import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../../config/config.js';
import { applyDefaultRoles } from '../auth/role-defaults.js';
import { REQUIRED_ROLE_EXTENSION } from '../auth/roles.js';
import { ErrorResponseDto } from './error-response.dto.js';

/**
 * The groups of operations (`@ApiTags` of the controllers), each with what it holds; the document
 * declares them all (test/openapi-lint.spec.ts fails on a tag used but not described here).
 */
export const API_TAGS: Record<string, string> = {
  auth: 'Registration, sign-in and sign-out, the signed-in user, the forced password change',
  onboarding: "The new owner's setup checklist: brands, products, SMTP, Twilio, the team",
  tickets: 'Warranty and support tickets: the list, one ticket, its status, notes, assignment, merges and the dashboard figures',
  conversations: "A ticket's e-mail thread with the customer: messages, replies and inbound mail",
  'canned-replies': 'Saved replies with placeholders filled from the ticket',
  attachments: "Files attached to a ticket's messages: upload, read, remove",
  customers: 'The customers of the organization and their tickets',
  warranty: 'The warranty decision on a claim, its resolution (RMA, items, shipments, states), the decision settings and the Warranty analytics',
  analytics: 'Ticket analytics: volume, response and resolution times, breakdowns per brand and agent',
  search: 'One search over tickets, customers and calls',
  exports: 'CSV exports of tickets and customers, built in the background',
  notifications: "The signed-in user's notifications, their preferences and delivery channels (e-mail, SMS, push)",
  events: 'The live event stream (Server-Sent Events) that keeps open tabs current',
  'call-logs': 'Calls and voicemails: the list, one call, its recording, read state and ticket',
  'phone-numbers': "The organization's Twilio numbers: search, buy, import, brand, voicemail, webhooks",
  'phone-simulation': 'The built-in phone simulation (development and demo data): a simulated Twilio inside the app and simulated calls',
  webhooks: 'Twilio and Retell callbacks (signed by the provider) and the brand webhooks of the voice agent',
  'voice agent (Retell)': 'The Retell AI voice agent that answers calls and creates tickets',
  organizations: "The organization's record, its Twilio account and its A2P 10DLC registration",
  settings: 'Per-organization settings: SMTP, Twilio, Retell, brands, ticket questions and promises',
  products: 'The product catalogue per brand with warranty terms, and its CSV import',
  users: 'Team members: invite, roles, removal (owner and admins)',
  profile: "The signed-in user's own profile and password",
  uploads: 'Signed uploads straight to storage and reading the stored files',
  'audit-log': 'Who changed settings, roles, users and numbers, when and from where',
  health: 'Liveness and readiness of the app and its database',
  operations: 'Operator tasks: backups and maintenance',
};

const ROLE_TEXT: Record<string, string> = {
  owner: 'the account owner only',
  admin: 'admins and the account owner',
  agent: 'any signed-in member (agent, admin or owner)',
};

interface DescribedOperation {
  summary?: string;
  description?: string;
  responses?: Record<string, { description?: string }>;
  [REQUIRED_ROLE_EXTENSION]?: string;
}

/**
 * Completes every operation's description for an integrator: what it does (its own description,
 * or its summary), who may call it (from `x-required-role`, or public) and its documented errors
 * (the 4xx/5xx responses its decorators declare, with their descriptions).
 */
export function describeOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const op = (item as Record<string, DescribedOperation | undefined>)[method];
      if (!op) continue;
      const what = (op.description?.trim() || op.summary?.trim() || '').replace(/([^.!?])$/, '$1.');
      const role = op[REQUIRED_ROLE_EXTENSION];
      const who = role ? `Role: ${role} (${ROLE_TEXT[role] ?? role}).` : 'Public: no session needed.';
      const errors = Object.entries(op.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => `${status} ${(r.description ?? '').trim() || 'see the error body'}`.trim());
      op.description = [what, who, errors.length ? `Errors: ${errors.join('; ')}.` : ''].filter(Boolean).join('\n\n');
    }
  }
}

/**
 * Swagger UI at /api/docs and the document at /api/docs-json, with the session cookie scheme. The
 * document is built on its first request, not at start: scanning every route's decorators took
 * about 0.4 s of each start (and of each test's app) for a document most runs never serve.
 */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config), { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
}

/** The whole OpenAPI document of the app: every operation with its role and errors (describeOperations). */
function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  applyDefaultRoles(app);
  const builder = new DocumentBuilder()
    .setTitle('Warranty CRM API')
    .setDescription(
      'Multi-brand warranty tickets, customers, phone system and notifications. Sign in with ' +
        '`POST /api/login`; the session cookie then authenticates every call. Errors are ' +
        '`{ statusCode, error, message }`; lists answer a `Content-Range` header. Each signed-in operation names ' +
        'the role it needs in `x-required-role` (owner, admin or agent); a lower role gets a 403.',
    )
    .setVersion('1.0')
    .addServer(config.publicBaseUrl)
    .addCookieAuth(config.session.cookieName);
  for (const [name, description] of Object.entries(API_TAGS)) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorResponseDto] });
  describeOperations(document);
  return document;
}
