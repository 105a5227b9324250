/** A ticket that shares the order or serial number of another (issue 17: duplicate claims). */
export interface DuplicateRef {
  id: string;
  ticket_number: string;
  matched_on: ('order_number' | 'serial_number')[];
}

/** "Possible duplicate of #WC-000041": the link text that opens that ticket. */
export function duplicateLabel(duplicate: Pick<DuplicateRef, 'ticket_number'>): string {
  return `Possible duplicate of #${duplicate.ticket_number}`;
}

/** Why it may be a duplicate: "same order number", "same serial number" or both. */
export function matchedOnText(matchedOn: DuplicateRef['matched_on']): string {
  const order = matchedOn.includes('order_number');
  const serial = matchedOn.includes('serial_number');
  if (order && serial) return 'same order and serial number';
  if (order) return 'same order number';
  if (serial) return 'same serial number';
  return '';
}
