import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ONBOARDING_STEPS, ONBOARDING_STEP_LABELS, type OnboardingStepKey } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { Organization } from './organization.entity.js';
import { OrganizationNotFoundError } from './organizations.errors.js';
import { onboardingRow } from './onboarding.query.js';

export interface OnboardingStep {
  key: OnboardingStepKey;
  label: string;
  done: boolean;
}

export interface Onboarding {
  organizationName: string;
  steps: OnboardingStep[];
  complete: boolean;
  dismissed: boolean;
}

/**
 * The new owner's setup checklist (issue 34): brands → products → SMTP → Twilio → team, each
 * step ticked from the organization's own data (nothing is stored but the dismissal).
 */
@Injectable()
export class OnboardingService {
  constructor(private readonly em: EntityManager) {}

  async get(_actor: Actor): Promise<Onboarding> {
    const row = await onboardingRow(tenantSql(this.em));
    if (!row) throw new OrganizationNotFoundError();
    const steps = ONBOARDING_STEPS.map((key) => ({ key, label: ONBOARDING_STEP_LABELS[key], done: Boolean(row[key]) }));
    return {
      organizationName: row.name,
      steps,
      complete: steps.every((s) => s.done),
      dismissed: row.dismissed_at !== null,
    };
  }

  /** Hides the checklist for the whole organization (idempotent: the first dismissal's time stays). */
  async dismiss(actor: Actor): Promise<Onboarding> {
    const organization = await this.em.getRepository(Organization).byId(actor.organizationId);
    if (!organization) throw new OrganizationNotFoundError();
    organization.onboardingDismissedAt ??= new Date();
    await this.em.flush();
    return this.get(actor);
  }
}
