import { DomainError } from '../../common/errors/domain-error.js';

export const RETELL_AGENT_MESSAGES = {
  notConfigured: 'Save the Retell API key and agent ID first',
  rejectedKey: 'Retell rejected the API key',
  unreachable: 'Could not reach Retell. Please try again.',
  noAgent: (id: string) => `Retell has no agent ${id}`,
} as const;

/** "Check agent" before the Retell API key and agent ID are saved. */
export class RetellAgentNotConfiguredError extends DomainError {
  constructor() {
    super('settings.retell_agent_not_configured', 'invalid', RETELL_AGENT_MESSAGES.notConfigured);
  }
}

export class RetellKeyRejectedError extends DomainError {
  constructor() {
    super('settings.retell_key_rejected', 'invalid', RETELL_AGENT_MESSAGES.rejectedKey);
  }
}

export class RetellAgentNotFoundError extends DomainError {
  constructor(agentId: string) {
    super('settings.retell_agent_not_found', 'invalid', RETELL_AGENT_MESSAGES.noAgent(agentId));
  }
}

export class WebhookNotFoundError extends DomainError {
  constructor() {
    super('settings.webhook_not_found', 'not_found', 'Webhook not found');
  }
}
