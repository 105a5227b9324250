import { itemsTotal, lineTotal, RESOLUTION_STATE_LABELS, resolutionSteps, type ResolutionState, type ResolutionType } from '@warranty-crm/contract';

/** The button that moves a resolution to a state. */
export const NEXT_STATE_ACTIONS: Record<ResolutionState, string> = {
  awaiting_return: 'Awaiting return',
  received: 'Mark received',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  refunded: 'Mark refunded',
};

/** The stepper's steps and the active one (a step skipped by an advance replacement counts as done). */
export function resolutionStepper(type: ResolutionType, state: ResolutionState): { steps: { state: ResolutionState; label: string }[]; active: number } {
  const steps = resolutionSteps(type).map(s => ({ state: s, label: RESOLUTION_STATE_LABELS[s] }));
  return { steps, active: steps.findIndex(s => s.state === state) };
}

export function money(n: number): string {
  return n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

export interface ItemValues {
  sku?: string;
  description?: string;
  quantity?: number | string | null;
  unit_cost?: number | string | null;
}

/** The form's items as the API takes them, and their total (blank rows dropped). */
export function itemsPayload(items: ItemValues[] | undefined): { sku: string; description: string; quantity: number; unit_cost: number }[] {
  return (items ?? [])
    .filter(i => (i.sku ?? '').trim() !== '')
    .map(i => ({ sku: (i.sku ?? '').trim(), description: (i.description ?? '').trim(), quantity: Number(i.quantity ?? 0), unit_cost: Number(i.unit_cost ?? 0) }));
}
export function formTotal(items: ItemValues[] | undefined): number {
  return itemsTotal(itemsPayload(items).filter(i => Number.isFinite(i.quantity) && Number.isFinite(i.unit_cost)));
}
export { lineTotal };
