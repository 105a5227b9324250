import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

export class AttachmentNotFoundError extends DomainError {
  constructor() {
    super('attachments.not_found', 'not_found', 'Attachment not found');
  }
}

/** The file's bytes are none of the accepted kinds (whatever its name says). */
export class AttachmentTypeNotAllowedError extends DomainError {
  constructor() {
    super('attachments.type_not_allowed', 'invalid', ATTACHMENT_TYPE_MESSAGE, 'file');
  }
}

/** The bytes are an accepted kind, but not the one the file was declared as (a PNG renamed `.pdf`). */
export class AttachmentTypeMismatchError extends DomainError {
  constructor(message: string) {
    super('attachments.type_mismatch', 'invalid', message, 'file');
  }
}

export class AttachmentTooLargeError extends DomainError {
  constructor() {
    super('attachments.too_large', 'invalid', ATTACHMENT_SIZE_MESSAGE, 'size');
  }
}

/** A thumbnail asked of a file that has none (not an image, not made yet, or not decodable). */
export class ThumbnailNotFoundError extends DomainError {
  constructor() {
    super('attachments.thumbnail_not_found', 'not_found', 'This attachment has no thumbnail');
  }
}
