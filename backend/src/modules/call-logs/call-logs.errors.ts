import { DomainError } from '../../common/errors/domain-error.js';

export const RECORDING_FAILED = 'Failed to load recording. Please refresh the page and try again.';

export class CallHasNoRecordingError extends DomainError {
  constructor() {
    super('call_logs.no_recording', 'not_found', 'This call has no recording');
  }
}

export class RecordingGoneError extends DomainError {
  constructor(where: string) {
    super('call_logs.recording_not_found', 'not_found', `Recording not found at ${where}`);
  }
}

/** The provider holding the audio failed or is not configured: the spec's recording message. */
export class RecordingUnavailableError extends DomainError {
  constructor() {
    super('call_logs.recording_unavailable', 'unavailable', RECORDING_FAILED);
  }
}

export const CALL_LOG_NOT_FOUND = 'Call log not found';

/** Also another organization's call log. */
export class CallLogNotFoundError extends DomainError {
  constructor() {
    super('call_logs.not_found', 'not_found', CALL_LOG_NOT_FOUND);
  }
}

/** A list filter (q, search, brand, status, call_type) that is not text. */
export class CallLogFilterNotTextError extends DomainError {
  constructor(name: string) {
    super('call_logs.invalid_filter', 'invalid', `The ${name} filter must be text`);
  }
}

export class CallStatusFilterInvalidError extends DomainError {
  constructor(filters: readonly string[]) {
    super('call_logs.invalid_status', 'invalid', `Status must be one of: ${filters.join(', ')}`);
  }
}
