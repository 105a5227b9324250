import { Injectable, Module } from '@nestjs/common';
import { OnDomainEvent } from '../../src/common/jobs/job-decorators.js';
import type { TenantContext } from '../../src/common/tenancy/tenant-runner.js';
import { VoicemailReceivedEvent } from '../../src/modules/call-logs/events/voicemail-received.event.js';

/** Records the voicemail.received events its handler receives through the queue (test-only). */
@Injectable()
export class VoicemailProbe {
  readonly seen: { scopedTo: string; event: Record<string, unknown> }[] = [];

  @OnDomainEvent(VoicemailReceivedEvent)
  async onVoicemail(event: VoicemailReceivedEvent, ctx: TenantContext): Promise<void> {
    this.seen.push({ scopedTo: ctx.organizationId, event: { ...event } });
  }
}

@Module({ providers: [VoicemailProbe] })
export class VoicemailProbeModule {}
