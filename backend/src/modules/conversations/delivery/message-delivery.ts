import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type JobAttempt, JobHandler } from '../../../common/jobs/job-decorators.js';
import { Jobs } from '../../../common/jobs/jobs.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { ConversationRecorder } from '../conversation-recorder.js';
import { TicketMessage } from '../ticket-message.entity.js';
import { PermanentDeliveryError } from './delivery-errors.js';
import { ReplyMail } from './reply-mail.js';
import { ReplyText } from './reply-text.js';

export const DELIVER_MESSAGE_TASK = 'conversations.deliver';
/**
 * Attempts of one send: with the queue's backoff (e^attempt seconds) the last one starts about four
 * minutes after the first; then the message is failed with the reason, and Retry queues it again.
 */
export const DELIVERY_ATTEMPTS = 6;

export interface DeliverMessagePayload {
  organizationId: string;
  messageId: string;
  [key: string]: unknown;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** An SMTP answer in the 5xx range: the server refused the message for good (no such mailbox, policy). */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentDeliveryError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Each outbound message (an e-mail or an SMS reply) is a durable job: queued → sent (sent_at), or
 * failed with the reason after its last attempt (or at once when no retry can help). At most once
 * towards the customer: the outcome is recorded on its own commit right after the provider took
 * the message, and an attempt that finds the message no longer queued sends nothing; a process
 * killed between the two resends the same message (the fixed Message-ID of an e-mail; an SMS's
 * reference, looked up at Twilio before a resend).
 */
@Injectable()
export class MessageDelivery {
  constructor(
    private readonly jobs: Jobs,
    private readonly tenants: TenantRunner,
    private readonly recorder: ConversationRecorder,
    private readonly mail: ReplyMail,
    private readonly text: ReplyText,
  ) {}

  /** Queues the message's send on em's transaction (it starts once that commits). */
  queue(em: EntityManager, message: TicketMessage): Promise<void> {
    const organizationId = typeof message.organization === 'string' ? message.organization : message.organization.id;
    return this.jobs.enqueue(em, DELIVER_MESSAGE_TASK, { organizationId, messageId: message.id }, { key: `${message.id}:${message.attempts}` });
  }

  @JobHandler(DELIVER_MESSAGE_TASK, { maxAttempts: DELIVERY_ATTEMPTS })
  async deliver(payload: DeliverMessagePayload, { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): Promise<void> {
    const message = await em.getRepository(TicketMessage).forDelivery(payload.messageId);
    // Deleted with its ticket, already sent by an earlier attempt, or not ours to send.
    if (!message || message.status !== 'queued' || message.direction !== 'outbound') return;
    let providerId: string | null = null;
    try {
      if (message.channel === 'email') await this.mail.send(em, organizationId, message);
      else if (message.channel === 'sms') providerId = await this.text.send(em, organizationId, message, message.attempts > 0);
      else return;
    } catch (error) {
      const final = isPermanent(error) || attempt >= maxAttempts;
      // Kept although this job's transaction rolls back: the thread shows the reason.
      await this.tenants.run(organizationId, ({ em: own }) => this.settle(own, organizationId, message, final ? 'failed' : 'queued', reasonOf(error), null));
      if (final) return;
      throw error;
    }
    await this.tenants.run(organizationId, ({ em: own }) => this.settle(own, organizationId, message, 'sent', null, providerId));
  }

  private async settle(em: EntityManager, organizationId: string, message: TicketMessage, status: 'queued' | 'sent' | 'failed', error: string | null, providerId: string | null): Promise<void> {
    const updated = await em.nativeUpdate(
      TicketMessage,
      { id: message.id, status: 'queued' },
      {
        status,
        error,
        attempts: message.attempts + 1,
        ...(status === 'sent' ? { sentAt: new Date() } : {}),
        ...(providerId ? { providerId } : {}),
      },
    );
    if (updated) await this.recorder.changed(em, organizationId, (message.ticket as { id: string }).id, message.id);
  }
}
