/**
 * What went wrong, in the domain's words: services, jobs and webhooks throw these (never Nest's HTTP
 * exceptions), and the one exception filter turns `kind` into the status and the error shape.
 * A module declares its own errors in `<module>/<module>.errors.ts`, each with a stable `code`:
 *
 *   export class TicketNotFoundError extends DomainError {
 *     constructor() { super('ticket.not_found', 'not_found', 'Ticket not found'); }
 *   }
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request asks for something the rules refuse
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404: also another organization's record
  | 'conflict' // 409: the record's state does not allow it
  | 'length_required' // 411: an upload without its Content-Length
  | 'too_many' // 429
  | 'range_not_satisfiable' // 416: a Range beyond the object's end
  | 'unavailable'; // 502: a provider failed or refused

export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  length_required: 411,
  range_not_satisfiable: 416,
  too_many: 429,
  unavailable: 502,
};

export class DomainError extends Error {
  /** Machine-readable particulars the body carries as `details` (the conflicting record's id and name, say). */
  details?: Record<string, unknown>;

  constructor(
    /** Stable, dotted: `<module>.<what>` (`tickets.not_found`); integrators may branch on it. */
    readonly code: string,
    readonly kind: DomainErrorKind,
    /** The human text, shown as is: the spec's message where the spec has one. */
    message: string,
    /** The request field the error is about, for `errors: [{ field, message }]`. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
