import { ApiProperty } from '@nestjs/swagger';
import { ONBOARDING_STEPS, type OnboardingStepKey } from '@warranty-crm/contract';
import type { Onboarding } from '../onboarding.service.js';

export class OnboardingStepDto {
  @ApiProperty({ enum: ONBOARDING_STEPS })
  key!: OnboardingStepKey;

  @ApiProperty({ example: 'Add your brands' })
  label!: string;

  @ApiProperty({ description: "Whether the organization's data shows the step done" })
  done!: boolean;
}

export class OnboardingResponseDto {
  @ApiProperty({ example: 'Acme Audio' })
  organization_name!: string;

  @ApiProperty({ type: [OnboardingStepDto], description: 'In order: brands, products, smtp, twilio, team' })
  steps!: OnboardingStepDto[];

  @ApiProperty({ description: 'Every step is done' })
  complete!: boolean;

  @ApiProperty({ description: 'An owner dismissed the checklist' })
  dismissed!: boolean;
}

export function toOnboardingResponse(o: Onboarding): OnboardingResponseDto {
  return { organization_name: o.organizationName, steps: o.steps.map((s) => ({ ...s })), complete: o.complete, dismissed: o.dismissed };
}
