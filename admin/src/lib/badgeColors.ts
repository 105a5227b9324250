/** Badge colours of the spec: status Open green, Pending blue, Closed gray; priority High red, Medium amber, Low green; anything else gray. */
export interface BadgeColors {
  color: string;
  background: string;
}

const GRAY: BadgeColors = { color: '#475569', background: '#f1f5f9' };

const STATUS: Record<string, BadgeColors> = {
  Open: { color: '#15803d', background: '#dcfce7' },
  Pending: { color: '#1d4ed8', background: '#dbeafe' },
  Closed: GRAY,
};

const PRIORITY: Record<string, BadgeColors> = {
  High: { color: '#b91c1c', background: '#fee2e2' },
  Medium: { color: '#b45309', background: '#fef3c7' },
  Low: { color: '#15803d', background: '#dcfce7' },
};

export function statusColors(status: string | null | undefined): BadgeColors {
  return (status && STATUS[status]) || GRAY;
}

export function priorityColors(priority: string | null | undefined): BadgeColors {
  return (priority && PRIORITY[priority]) || GRAY;
}
