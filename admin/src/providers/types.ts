import type { Role } from '@warranty-crm/contract';
import type { components, operations } from './schema';

/** The API's records, request bodies and answers, as the generated OpenAPI types describe them. */
type Schemas = components['schemas'];
type Responses<Op extends keyof operations> = operations[Op]['responses'];
/** The JSON answer of an operation (its 200, else its 201). */
export type ApiResult<Op extends keyof operations> =
  Responses<Op> extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : Responses<Op> extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : never;
/** The query parameters of an operation. */
export type ApiQuery<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type User = Schemas['UserResponseDto'];
export type Credentials = Schemas['LoginDto'];
export type Ticket = Schemas['TicketResponseDto'];
/** A ticket as the list shows it (GET /api/tickets?view=row). */
export type TicketListRow = Schemas['TicketListRowDto'];
/** GET /api/tickets/{id}: the ticket with the other tickets of its order or serial number. */
export type TicketDetail = Schemas['TicketDetailResponseDto'];
export type TicketCallLog = Schemas['TicketCallLogDto'];
/** The customers resource (issue 30): a list row, the show page's record, and merges. */
export type CustomerListItem = Schemas['CustomerListItemDto'];
export type CustomerDetail = Schemas['CustomerDetailDto'];
export type CustomerTicket = Schemas['CustomerTicketDto'];
export type CustomerCall = Schemas['CustomerCallDto'];
export type CustomerPayload = Schemas['UpdateCustomerDto'];
export type CustomerMergeResult = Schemas['CustomerMergeResultDto'];
export type TicketMergeResult = Schemas['TicketMergeResultDto'];
export type TicketActivityEntry = Schemas['TicketActivityEntryDto'];
/** GET /api/tickets/{id}/attachments: one file of the ticket's evidence. */
export type TicketAttachment = Schemas['AttachmentResponseDto'];
export type CreatedTicket = Schemas['CreatedTicketResponseDto'];
export type TicketMetrics = Schemas['TicketMetricsDto'];
export type TicketTrends = Schemas['TicketTrendsDto'];
export type UserListItem = Schemas['UserListItemDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type InviteUserPayload = Schemas['InviteUserDto'];
export type InvitedUser = Schemas['InvitedUserDto'];
export type InvitationState = Schemas['InvitationStateDto'];
export type ProfilePayload = Schemas['UpdateProfileDto'];
export type ChangePasswordPayload = Schemas['ChangePasswordDto'];
export type NotificationSummary = Schemas['NotificationResponseDto'];
export type Settings = Schemas['SettingsResponseDto'];
export type Organization = Schemas['OrganizationResponseDto'];
export type ResponseTimes = Schemas['ResponseTimesDto'];
export type ResponsePromises = Schemas['ResponsePromisesDto'];
export type TimelinePoint = Schemas['TimelinePointDto'];
export type VoicemailStats = ApiResult<'VoicemailsController_stats'>;
export type CountMap = Record<string, number>;

/** What the admin shows or hides for the signed-in user (the server enforces the same). */
export interface Permissions {
  isAccountOwner: boolean;
  /** owner, admin or agent: agents see settings read-only (issue 28). */
  role: Role;
  /** Signed in with a temporary password: only /change-password is open. */
  mustChangePassword: boolean;
}

export type CallLog = Schemas['CallLogResponseDto'];
export type CallLogPatch = Schemas['UpdateCallLogDto'];
export type PhoneNumber = Schemas['PhoneNumberResponseDto'];
export type Greeting = Schemas['GreetingResponseDto'];
export type GreetingPatch = Schemas['UpdateGreetingDto'];
export type AvailableNumber = Schemas['AvailableNumberDto'];
export type NumberSearchQuery = ApiQuery<'PhoneNumbersController_search'>;
export type MakeCallPayload = Schemas['MakeCallDto'];
export type PhoneSimulationState = Schemas['PhoneSimulationStateDto'];
/** `seconds` has a default (10), so the generated type names it required. */
export type SimulateCallPayload = Omit<Schemas['SimulateCallDto'], 'seconds'> & { seconds?: number };
export type SimulatedCall = Schemas['SimulatedCallDto'];
export type MakeCallResult = Schemas['MakeCallResponseDto'];
export type VoiceToken = Schemas['VoiceTokenResponseDto'];

/** PUT /api/settings: any subset; a secret is kept when omitted or "", cleared with null. */
export type SettingsPatch = Partial<{
  brands: string[];
  ticket_brand: string | null;
  ticket_fields_enabled: string[];
  retell_agent_id: string;
  retell_api_key: string | null;
  smtp_host: string;
  smtp_port: number | null;
  smtp_username: string;
  smtp_password: string | null;
  smtp_from_email: string;
  smtp_from_name: string;
  warranty_response_hours: number;
  support_response_hours: number;
  recording_notice_enabled: boolean;
  recording_notice_text: string | null;
}>;

export type A2pStatus = Organization['a2p_status'];


export interface Product {
  id: string;
  brand: string;
  sku: string;
  product_name: string;
  sale_locations: string[];
  warranty_term: string | null;
  warranty_term_kind: 'days' | 'lifetime' | 'unknown';
  warranty_term_days: number | null;
}

export interface BrandWebhook {
  id: string;
  name: string;
  brand: string;
  created_at: string;
  retell_webhook_url: string;
  create_warranty_ticket_url: string;
}

/** GET /api/settings/retell-agent. */
export interface RetellAgentCheck {
  agent_id: string;
  agent_name: string | null;
  webhook_url: string | null;
  webhook: { id: string; name: string; brand: string } | null;
}
export type SearchResults = Schemas['SearchResultsDto'];

/** A ticket's conversation (issue 29). */
export type TicketMessage = Schemas['TicketMessageResponseDto'];
export type NewTicketMessage = Schemas['CreateTicketMessageDto'];
export type DataExport = Schemas['ExportDto'];
export type CreateExportPayload = Schemas['CreateExportDto'];
export type ProductImportPreview = Schemas['ImportPreviewDto'];
export type ProductImportPayload = Schemas['ProductImportDto'];
export type CustomerMessage = Schemas['CustomerMessageDto'];
export type CustomerAttachment = Schemas['CustomerAttachmentDto'];

/** Warranty resolution (issue 31). */
export type WarrantySettings = Schemas['WarrantySettingsDto'];
export type WarrantySettingsPayload = Schemas['UpdateWarrantySettingsDto'];
export type DecisionPayload = Schemas['DecisionDto'];
export type DecisionResult = Schemas['DecisionResponseDto'];
export type WarrantyOutcome = Schemas['WarrantyOutcomeDto'];
export type Resolution = Schemas['ResolutionResponseDto'];
export type ResolutionPayload = Schemas['CreateResolutionDto'];
export type ResolutionUpdate = Schemas['UpdateResolutionDto'];
export type ResolutionItem = Schemas['ResolutionItemDto'];
export type SerialHistoryEntry = Schemas['SerialHistoryEntryDto'];
export type WarrantyAnalytics = Schemas['WarrantyAnalyticsDto'];
export type WarrantyPeriod = WarrantyAnalytics['period'];
