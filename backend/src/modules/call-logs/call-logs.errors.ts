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
