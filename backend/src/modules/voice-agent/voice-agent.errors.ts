import { DomainError } from '../../common/errors/domain-error.js';
import { AGENT_TICKET_MESSAGES } from './dto/create-warranty-ticket.dto.js';

/** An argument the agent must send, given the organization's ticket questions. */
export class AgentArgumentError extends DomainError {
  constructor(message: string, field: string) {
    super('voice_agent.missing_argument', 'invalid', message, field);
  }
}

/** The brand webhook named in a Retell callback's URL is not (or no longer) there. */
export class AgentWebhookNotFoundError extends DomainError {
  constructor() {
    super('voice_agent.webhook_not_found', 'not_found', 'Webhook not found');
  }
}

export class RetellNotConfiguredError extends DomainError {
  constructor() {
    super('voice_agent.retell_not_configured', 'forbidden', 'Retell is not configured for this organization: save its API key in Settings');
  }
}

export class InvalidRetellSignatureError extends DomainError {
  constructor() {
    super('voice_agent.invalid_signature', 'unauthorized', 'Invalid or expired Retell signature');
  }
}

/** Retell's function request without the call's id (call.call_id or args.call_id). */
export class CallIdMissingError extends DomainError {
  constructor() {
    super('voice_agent.call_id_missing', 'invalid', AGENT_TICKET_MESSAGES.callId);
  }
}

/** The Retell call id is taken by another organization's call: nothing of theirs is touched or shown. */
export class RetellCallElsewhereError extends DomainError {
  constructor() {
    super('voice_agent.call_recorded_elsewhere', 'conflict', 'This Retell call is recorded elsewhere');
  }
}
