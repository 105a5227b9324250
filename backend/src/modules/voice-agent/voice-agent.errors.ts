import { DomainError } from '../../common/errors/domain-error.js';

/** An argument the agent must send, given the organization's ticket questions. */
export class AgentArgumentError extends DomainError {
  constructor(message: string, field: string) {
    super('voice_agent.missing_argument', 'invalid', message, field);
  }
}
