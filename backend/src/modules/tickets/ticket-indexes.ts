/**
 * The ticket list's indexes: one per filter of the screen (status, brand, priority) and per pair,
 * each ending in (created_at, id), so every filter × sort (created_at, status, brand, priority)
 * reads pages in index order without a sort step, and a cursor is a range start. The first one
 * also covers the rollups' partial-day reads (index-only). ticket_number sorts use the unique
 * (organization_id, ticket_number) index.
 */
export const TICKET_LIST_INDEXES = [
  `create index "tickets_org_created_index" on "tickets" ("organization_id", "created_at", "id") include ("status", "product_brand", "priority", "first_response_at", "resolved_at")`,
  `create index "tickets_org_status_created_index" on "tickets" ("organization_id", "status", "created_at", "id")`,
  `create index "tickets_org_brand_created_index" on "tickets" ("organization_id", "product_brand", "created_at", "id")`,
  `create index "tickets_org_priority_created_index" on "tickets" ("organization_id", "priority", "created_at", "id")`,
  `create index "tickets_org_status_brand_created_index" on "tickets" ("organization_id", "status", "product_brand", "created_at", "id")`,
  `create index "tickets_org_brand_status_created_index" on "tickets" ("organization_id", "product_brand", "status", "created_at", "id")`,
  `create index "tickets_org_status_priority_created_index" on "tickets" ("organization_id", "status", "priority", "created_at", "id")`,
  `create index "tickets_org_priority_status_created_index" on "tickets" ("organization_id", "priority", "status", "created_at", "id")`,
  `create index "tickets_org_brand_priority_created_index" on "tickets" ("organization_id", "product_brand", "priority", "created_at", "id")`,
  `create index "tickets_org_priority_brand_created_index" on "tickets" ("organization_id", "priority", "product_brand", "created_at", "id")`,
];

/**
 * The list's "Assigned to me" / "Unassigned" filters (assignee_id = a user, or is null) and their
 * counts: one range of this index per assignee (or of the unassigned), in the list's (created_at, id)
 * order, read index-only for a count.
 */
export const TICKET_ASSIGNEE_INDEX = {
  name: 'tickets_org_assignee_created_index',
  create: `create index "tickets_org_assignee_created_index" on "tickets" ("organization_id", "assignee_id", "created_at", "id")`,
} as const;
