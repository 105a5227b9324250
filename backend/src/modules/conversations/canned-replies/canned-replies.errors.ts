import { CANNED_REPLY_MESSAGES } from '@warranty-crm/contract';
import { DomainError } from '../../../common/errors/domain-error.js';

/** Also another organization's reply. */
export class CannedReplyNotFoundError extends DomainError {
  constructor() {
    super('canned_replies.not_found', 'not_found', CANNED_REPLY_MESSAGES.notFound);
  }
}

/** Names are unique within the organization (the picker lists them by name). */
export class CannedReplyNameTakenError extends DomainError {
  constructor() {
    super('canned_replies.name_taken', 'conflict', CANNED_REPLY_MESSAGES.nameTaken, 'name');
  }
}

export class TimeZoneInvalidError extends DomainError {
  constructor() {
    super('canned_replies.time_zone_invalid', 'invalid', 'tz must be an IANA time zone such as America/Chicago', 'tz');
  }
}
