import { DomainError } from '../../common/errors/domain-error.js';

export const OBJECT_NOT_FOUND = 'Not found';

/** No uploaded file at this path for the signed-in user's organization (or a path no file can have). */
export class ObjectNotFoundError extends DomainError {
  static readonly code = 'storage.not_found';
  constructor() {
    super(ObjectNotFoundError.code, 'not_found', OBJECT_NOT_FOUND);
  }
}
