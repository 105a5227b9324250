/**
 * Response promises (issue 17): the "Ticket Created!" toast promises a response within 24 hours for
 * warranty issues and 48 hours for technical support (spec part 1 section 9). Each ticket gets its
 * `respond_by` at creation from the organization's two durations; these are the rules both the API
 * and the admin apply.
 */

export const RESPONSE_KINDS = ['warranty', 'technical_support'] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];

/** The spec's promises, the defaults of the organization's settings. */
export const DEFAULT_RESPONSE_HOURS: Readonly<Record<ResponseKind, number>> = { warranty: 24, technical_support: 48 };
/** Bounds of a configured promise, in whole hours (1 hour to 30 days). */
export const RESPONSE_HOURS_MIN = 1;
export const RESPONSE_HOURS_MAX = 720;
/** An unanswered ticket is "due soon" this close to its respond_by. */
export const DUE_SOON_HOURS = 4;

/** The preferred resolution that asks for technical support alone. */
export const SUPPORT_RESOLUTION = 'Technical Support Only';
/** Preferred resolutions that ask for a remedy under the warranty. */
export const WARRANTY_REMEDIES = ['Replacement', 'Repair Parts', 'Refund'];
/** Issue categories about use, fit or upkeep rather than a defect: questions for technical support. */
export const SUPPORT_CATEGORIES = ['Rust/Corrosion/Maintenance', 'Insufficient Height', 'Capacity/Overload Concerns'];

/**
 * Whether a ticket is a warranty issue or a technical-support request:
 * 1. preferred resolution "Technical Support Only" → technical support;
 * 2. Replacement, Repair Parts or Refund → warranty;
 * 3. otherwise (Unsure - Need Guidance, or none, as from the voice agent) the issue category decides:
 *    Rust/Corrosion/Maintenance, Insufficient Height and Capacity/Overload Concerns are technical
 *    support; every other category, and none, is a warranty issue (the shorter promise).
 */
export function responseKind(preferredResolution?: string | null, issueCategory?: string | null): ResponseKind {
  const resolution = preferredResolution?.trim() ?? '';
  if (resolution === SUPPORT_RESOLUTION) return 'technical_support';
  if (WARRANTY_REMEDIES.includes(resolution)) return 'warranty';
  return SUPPORT_CATEGORIES.includes(issueCategory?.trim() ?? '') ? 'technical_support' : 'warranty';
}

/** The instant a response is promised by: `hours` after creation. */
export function respondByOf(createdAt: Date, hours: number): Date {
  return new Date(createdAt.getTime() + hours * 3_600_000);
}

export const SLA_STATES = ['met', 'missed', 'due_soon', 'overdue', 'on_track'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/**
 * Where a ticket stands against its promise at `now`: answered by respond_by → met, after → missed;
 * unanswered with respond_by reached → overdue, within 4 h of it → due_soon, else on_track.
 * Null when the ticket has no promise.
 */
export function slaState(respondBy: Date | string | null | undefined, respondedAt: Date | string | null | undefined, now: Date): SlaState | null {
  if (respondBy === null || respondBy === undefined) return null;
  const due = new Date(respondBy).getTime();
  if (respondedAt !== null && respondedAt !== undefined) return new Date(respondedAt).getTime() <= due ? 'met' : 'missed';
  const left = due - now.getTime();
  if (left <= 0) return 'overdue';
  return left <= DUE_SOON_HOURS * 3_600_000 ? 'due_soon' : 'on_track';
}
