import { DENIAL_REASON_REQUIRED_MESSAGE, DENIAL_REASON_UNKNOWN_MESSAGE, type ResolutionState, resolutionTransitionMessage } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class DenialReasonRequiredError extends DomainError {
  constructor() {
    super('warranty.reason_required', 'invalid', DENIAL_REASON_REQUIRED_MESSAGE, 'reason');
  }
}

export class UnknownDenialReasonError extends DomainError {
  constructor() {
    super('warranty.unknown_reason', 'invalid', DENIAL_REASON_UNKNOWN_MESSAGE, 'reason');
  }
}

/** A resolution needs an approved claim. */
export class ClaimNotApprovedError extends DomainError {
  constructor() {
    super('warranty.not_approved', 'invalid', 'Only an approved claim has a resolution: approve the claim first', 'decision');
  }
}

/** A claim with a resolution keeps its approval (the RMA number is spent). */
export class ResolutionExistsError extends DomainError {
  constructor() {
    super('warranty.resolution_exists', 'invalid', 'This claim already has a resolution', 'decision');
  }
}

export class ResolutionNotFoundError extends DomainError {
  constructor() {
    super('warranty.resolution_not_found', 'not_found', 'This ticket has no resolution');
  }
}

export class ResolutionTransitionError extends DomainError {
  constructor(from: ResolutionState, to: ResolutionState) {
    super('warranty.transition_refused', 'invalid', resolutionTransitionMessage(from, to), 'state');
  }
}

export class ResolutionTypeLockedError extends DomainError {
  constructor() {
    super('warranty.type_locked', 'invalid', 'The type can change only while the resolution awaits the return', 'type');
  }
}
