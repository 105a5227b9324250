/**
 * Paging of the ticket list, shared by the API and the admin: offset pages reach this far (an
 * index-only walk); pages past it are read by cursor (the X-Next-Cursor header of the page before).
 */
export const MAX_LIST_OFFSET = 100_000;
