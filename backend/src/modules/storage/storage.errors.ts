import { DomainError } from '../../common/errors/domain-error.js';

export const OBJECT_NOT_FOUND = 'Not found';

/** No uploaded file at this path for the signed-in user's organization (or a path no file can have). */
export class ObjectNotFoundError extends DomainError {
  static readonly code = 'storage.not_found';
  constructor() {
    super(ObjectNotFoundError.code, 'not_found', OBJECT_NOT_FOUND);
  }
}

export const UPLOAD_NOT_FOUND = 'The uploaded file was not found: upload it again';

/** A setting names an upload of another organization, one never issued, or one whose bytes never arrived. */
export class UploadNotFoundError extends DomainError {
  constructor() {
    super('storage.upload_not_found', 'invalid', UPLOAD_NOT_FOUND);
  }
}

/** A signed upload without a usable Content-Length (the signature binds the size). */
export class ContentLengthRequiredError extends DomainError {
  constructor() {
    super('storage.length_required', 'length_required', 'Content-Length is required');
  }
}

export class UploadInterruptedError extends DomainError {
  constructor() {
    super('storage.upload_interrupted', 'invalid', 'The upload was interrupted: send the file again');
  }
}

/** A signed storage URL past its expiry: 403, as S3 answers; the client asks for a new URL. */
export class SignedUrlExpiredError extends DomainError {
  constructor() {
    super('storage.url_expired', 'forbidden', 'Request has expired');
  }
}

/** A tampered (or unsigned) storage URL: 403, as S3 answers. */
export class SignedUrlInvalidError extends DomainError {
  constructor() {
    super('storage.url_signature_invalid', 'forbidden', 'Request signature does not match');
  }
}

/** A Range beyond the object's end. */
export class RangeNotSatisfiableError extends DomainError {
  constructor() {
    super('storage.range_not_satisfiable', 'range_not_satisfiable', 'Range Not Satisfiable');
  }
}
