import { Injectable } from '@nestjs/common';
import { AgentCallsService } from './agent-calls.service.js';
import type { WarrantyTicketResultDto } from './dto/create-warranty-ticket.dto.js';
import { isCallEvent, RetellEventDto } from './dto/retell-call.dto.js';
import { RetellRequests, type SignedRequest } from './retell-requests.service.js';
import { validatePayload } from '../../common/http/validate-payload.js';
import { WarrantyTicketFunction } from './warranty-ticket-function.service.js';

/**
 * Retell's two callbacks: the payload is validated (a 400 names the field), then the webhook and
 * the signature are checked, and only then does the work run in the organization's transaction.
 */
@Injectable()
export class VoiceAgentService {
  constructor(
    private readonly requests: RetellRequests,
    private readonly calls: AgentCallsService,
    private readonly warrantyTicket: WarrantyTicketFunction,
  ) {}

  async callEvent(webhookId: string, request: SignedRequest, body: unknown): Promise<void> {
    const payload = await validatePayload(RetellEventDto, body);
    return this.requests.handle(webhookId, request, async (ctx, webhook) => {
      if (!isCallEvent(payload.event)) return;
      await this.calls.record(ctx, webhook, payload.call, payload.event !== 'call_started');
    });
  }

  async createWarrantyTicket(webhookId: string, request: SignedRequest, body: unknown): Promise<WarrantyTicketResultDto> {
    const call = await this.warrantyTicket.parse(body);
    return this.requests.handle(webhookId, request, (ctx, webhook) => this.warrantyTicket.run(ctx, webhook, call));
  }
}
