/**
 * Partial indexes of the response promises: only unanswered tickets are in them, so they stay as
 * small as the backlog, not the table.
 * - unansweredDue: the list's "Due soon" / "Overdue" filters and their exact totals (a range of
 *   respond_by per organization).
 * - unansweredCreated: those filters' pages in the list's default order (created_at, id).
 * - overduePending: the every-minute scan for tickets that just became overdue (across organizations).
 */
export const SLA_INDEXES = {
  unansweredDue: {
    name: 'tickets_unanswered_respond_by_index',
    create: `create index "tickets_unanswered_respond_by_index" on "tickets" ("organization_id", "respond_by") include ("created_at") where "responded_at" is null`,
  },
  unansweredCreated: {
    name: 'tickets_unanswered_created_index',
    create: `create index "tickets_unanswered_created_index" on "tickets" ("organization_id", "created_at", "id") include ("respond_by") where "responded_at" is null`,
  },
  overduePending: {
    name: 'tickets_overdue_pending_index',
    create: `create index "tickets_overdue_pending_index" on "tickets" ("respond_by") where "responded_at" is null and "overdue_notified_at" is null`,
  },
} as const;
