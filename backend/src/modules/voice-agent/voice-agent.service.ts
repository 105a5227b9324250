import { Injectable } from '@nestjs/common';
import { AgentCallsService } from './agent-calls.service.js';
import type { WarrantyTicketResultDto } from './dto/create-warranty-ticket.dto.js';
import { isCallEvent, RetellEventDto } from './dto/retell-call.dto.js';
import { RetellRequests, type SignedRequest } from './retell-requests.service.js';
import { validatePayload } from './validate-payload.js';
import { WarrantyTicketFunction } from './warranty-ticket-function.service.js';

/** Retell's two callbacks, each verified first and then run in its organization's transaction. */
@Injectable()
export class VoiceAgentService {
  constructor(
    private readonly requests: RetellRequests,
    private readonly calls: AgentCallsService,
    private readonly warrantyTicket: WarrantyTicketFunction,
  ) {}

  callEvent(webhookId: string, request: SignedRequest, body: unknown): Promise<void> {
    return this.requests.handle(webhookId, request, async (ctx, webhook) => {
      const payload = await validatePayload(RetellEventDto, body);
      if (!isCallEvent(payload.event)) return;
      await this.calls.record(ctx, webhook, payload.call);
    });
  }

  createWarrantyTicket(webhookId: string, request: SignedRequest, body: unknown): Promise<WarrantyTicketResultDto> {
    return this.requests.handle(webhookId, request, async (ctx, webhook) => {
      return this.warrantyTicket.run(ctx, webhook, await this.warrantyTicket.parse(body));
    });
  }
}
