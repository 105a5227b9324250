import { DomainEvent } from '../../../common/events/domain-event.js';
import type { ResolutionState, WarrantyDecision } from '@warranty-crm/contract';

/** A claim was approved or denied (or its decision changed), published in the decision's transaction. */
export class WarrantyDecisionChangedEvent extends DomainEvent {
  static readonly eventName = 'warranty.decision_changed';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly decision: WarrantyDecision,
    readonly previous: WarrantyDecision | null,
    readonly changedBy: string | null,
  ) {
    super();
  }
}

/** A resolution was created, or its state, items or shipments changed (the assignee is told at merge). */
export class ResolutionChangedEvent extends DomainEvent {
  static readonly eventName = 'warranty.resolution_changed';

  constructor(
    readonly organizationId: string,
    readonly ticketId: string,
    readonly resolutionId: string,
    readonly change: 'created' | 'state' | 'updated',
    readonly state: ResolutionState,
    readonly changedBy: string | null,
  ) {
    super();
  }
}
