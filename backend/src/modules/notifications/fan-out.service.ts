import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { Jobs } from '../../common/jobs/jobs.js';
import { LiveHub, type LiveMessage } from '../../common/live/live-hub.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { User } from '../users/user.entity.js';
import { type ChannelFlags, defaultChannels, type LiveEventType, type NotificationChannel } from './catalogue.js';
import { browserAlert } from './channels/browser-alert.js';
import { type BatchChannel, DELIVERY_BATCH_SIZE, DELIVERY_BATCH_TASK, type DeliveryBatchPayload } from './channels/delivery-batch.js';
import { OrganizationMailer } from '../mail/organization-mailer.js';
import { NO_EMAIL, NO_PHONE, NO_PUSH_SUBSCRIPTION, NO_SMTP } from './channels/skip-reasons.js';
import { toLiveNotification } from './dto/notification.dto.js';
import { type DeliveryOutcome, recordDeliveries } from './channels/deliveries.js';
import { NotificationPreference } from './notification-preference.entity.js';
import { PushSubscription } from './push-subscription.entity.js';
import { Notification } from './notification.entity.js';
import { flagsOf } from './preferences.service.js';

/** What a source event becomes, before it is addressed to each recipient. */
export interface NotificationDraft {
  eventType: LiveEventType;
  /** Identifies the occurrence (`new_ticket:<ticket id>`): with user and channel, the delivery's idempotency key. */
  sourceKey: string;
  title: string;
  message: string;
  metadata: Record<string, string | number | boolean | null>;
  relatedEntityType: string | null;
  relatedEntityId: string | null;
  /** Where the notification leads in the admin, e.g. `/tickets/<id>`. */
  link: string;
  /** The user who caused it, who is not notified of their own action. */
  actorUserId?: string | null;
  /** Only these users (e.g. a ticket's assignee); absent: every user of the organization. */
  recipientUserIds?: string[];
  /** Never these users (e.g. the assignee, who gets another event for the same occurrence). */
  excludedUserIds?: string[];
}

/** The payload of a channel's delivery job. */
export interface DeliveryPayload {
  organizationId: string;
  userId: string;
  eventType: string;
  sourceKey: string;
  title: string;
  message: string;
  /** Absolute URL into the app. */
  url: string;
  notificationId: string | null;
  /** The brand of the source (an SMS goes out from that brand's number). */
  brand: string | null;
  [key: string]: unknown;
}

/**
 * The queue task of each channel that reaches a provider, for one recipient: jobs queued before
 * deliveries went out in batches (DeliveryBatches runs the same handlers per recipient). in_app and
 * browser are written by the fan-out itself (a row, a live message on its transaction).
 */
export const CHANNEL_TASKS: Record<Exclude<NotificationChannel, 'in_app' | 'browser'>, string> = {
  email: 'notifications.email',
  sms: 'notifications.sms',
  mobile_push: 'notifications.push',
};
/** Deliveries run after the pending events' fan-outs: every in-app row and live message first. */
const DELIVERY_PRIORITY = 10;
const JOB_CHANNELS = Object.keys(CHANNEL_TASKS) as BatchChannel[];

/**
 * Addresses a draft to every user of the organization (or the draft's recipients) except its actor
 * and the draft's excluded users, by each one's preferences,
 * on the caller's transaction (a rollback sends nothing, a commit loses nothing), in a number of
 * statements that does not grow with the recipients: the in-app rows, their live messages and the
 * browser alerts; a skipped delivery for each recipient a channel cannot reach now (no address, no
 * SMTP server, no device), recorded at once instead of queued; and one durable job per channel and
 * batch of up to 50 recipients for the deliveries that go to a provider (e-mail, SMS, push).
 */
@Injectable()
export class NotificationFanOut {
  constructor(
    private readonly jobs: Jobs,
    private readonly live: LiveHub,
    private readonly mailer: OrganizationMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async fanOut(em: EntityManager, organizationId: string, draft: NotificationDraft): Promise<{ recipients: number; jobs: number }> {
    return this.fanOutMany(em, organizationId, [draft]);
  }

  /**
   * Many drafts of one organization at once (a batch of events): the same statements as one draft,
   * each covering all of them, so a burst of events costs what one does.
   */
  async fanOutMany(em: EntityManager, organizationId: string, drafts: readonly NotificationDraft[]): Promise<{ recipients: number; jobs: number }> {
    const recipientsOf = new Map<NotificationDraft, string[]>();
    const only = drafts.every((d) => d.recipientUserIds) ? [...new Set(drafts.flatMap((d) => d.recipientUserIds!))] : undefined;
    const addressed = drafts.filter((d) => !d.recipientUserIds || d.recipientUserIds.length > 0);
    const users = addressed.length && (!only || only.length) ? await em.getRepository(User).recipients(organizationId, [], only) : [];
    for (const draft of drafts) {
      const excluded = new Set([...(draft.actorUserId ? [draft.actorUserId] : []), ...(draft.excludedUserIds ?? [])]);
      const wanted = draft.recipientUserIds && new Set(draft.recipientUserIds);
      const ids = users.filter((u) => !excluded.has(u.id) && (!wanted || wanted.has(u.id))).map((u) => u.id);
      if (ids.length) recipientsOf.set(draft, ids);
    }
    if (!recipientsOf.size) return { recipients: 0, jobs: 0 };
    const userById = new Map(users.map((u) => [u.id, u]));
    const involved = [...new Set([...recipientsOf.values()].flat())];
    const eventTypes = [...new Set([...recipientsOf.keys()].map((d) => d.eventType))];
    const stored = await em.getRepository(NotificationPreference).ofUsers(involved, eventTypes);
    const prefs = new Map<string, ChannelFlags>(stored.map((p) => [`${typeof p.user === 'string' ? p.user : p.user.id}:${p.eventType}`, flagsOf(p)]));
    const channelsOf = (userId: string, draft: NotificationDraft): ChannelFlags => prefs.get(`${userId}:${draft.eventType}`) ?? defaultChannels(draft.eventType);

    // The rows are written with one insert each for the in-app rows and the deliveries (insertMany),
    // not as managed entities: the unit of work's change sets for a few dozen rows an event cost more
    // CPU than the statements (a tenth of the app's time under bench:load).
    const now = new Date();
    const inApp = new Map<NotificationDraft, Map<string, Notification>>();
    const notifications: Notification[] = [];
    for (const [draft, ids] of recipientsOf) {
      const rows = new Map<string, Notification>();
      for (const id of ids) {
        if (!channelsOf(id, draft).in_app) continue;
        const row = {
          id: randomUUID(),
          organization: organizationId,
          user: id,
          type: draft.eventType,
          title: draft.title.slice(0, 255),
          message: draft.message,
          metadata: draft.metadata,
          isRead: false,
          isFollowup: false,
          relatedEntityType: draft.relatedEntityType,
          relatedEntityId: draft.relatedEntityId,
          createdAt: now,
        } as unknown as Notification;
        rows.set(id, row);
        notifications.push(row);
      }
      inApp.set(draft, rows);
    }
    if (notifications.length) await em.insertMany(Notification, notifications);

    const notified = [...new Set([...inApp.values()].flatMap((rows) => [...rows.keys()]))];
    const live: LiveMessage[] = [];
    if (notified.length) {
      const unread = await em.getRepository(Notification).unreadCounts(notified);
      for (const rows of inApp.values()) {
        for (const [userId, notification] of rows) {
          live.push({ organizationId, userId, event: 'notification', data: { notification: toLiveNotification(notification), unread_count: unread.get(userId) ?? 0 } });
        }
      }
    }

    const urlOf = (draft: NotificationDraft) => `${this.config.publicBaseUrl}${draft.link}`;
    const payloadFor = (draft: NotificationDraft, userId: string): DeliveryPayload => ({
      organizationId,
      userId,
      eventType: draft.eventType,
      sourceKey: draft.sourceKey,
      title: draft.title,
      message: draft.message,
      url: urlOf(draft),
      notificationId: inApp.get(draft)?.get(userId)?.id ?? null,
      brand: typeof draft.metadata.brand === 'string' ? draft.metadata.brand : null,
    });
    const deliveries: DeliveryOutcome[] = [];
    const record = (draft: NotificationDraft, userId: string, channel: NotificationChannel, status: 'sent' | 'skipped', detail: string) =>
      deliveries.push({ payload: { organizationId, userId, eventType: draft.eventType, sourceKey: draft.sourceKey }, channel, status, detail });

    for (const [draft, ids] of recipientsOf) {
      for (const id of ids.filter((userId) => channelsOf(userId, draft).browser)) {
        live.push({ organizationId, userId: id, event: 'browser', data: browserAlert(payloadFor(draft, id)) });
        record(draft, id, 'browser', 'sent', 'published to open tabs');
      }
    }
    await this.live.publishMany(em, live);

    // Who each provider channel cannot reach now, read once for all drafts and recipients.
    const wants = (channel: BatchChannel) => [...recipientsOf].some(([draft, ids]) => ids.some((id) => channelsOf(id, draft)[channel]));
    const smtpReady = wants('email') && involved.some((id) => userById.get(id)?.notificationEmail?.trim()) && (await this.mailer.isConfigured(em, organizationId));
    const pushed = involved.filter((id) => [...recipientsOf].some(([draft, ids]) => ids.includes(id) && channelsOf(id, draft).mobile_push));
    const devices = pushed.length ? await em.getRepository(PushSubscription).usersWithDevices(pushed) : new Set<string>();
    const unreachable = (u: Pick<User, 'id' | 'notificationEmail' | 'notificationPhone'>, channel: BatchChannel): string | null => {
      if (channel === 'email') return !u.notificationEmail?.trim() ? NO_EMAIL : smtpReady ? null : NO_SMTP;
      if (channel === 'sms') return u.notificationPhone?.trim() ? null : NO_PHONE;
      return devices.has(u.id) ? null : NO_PUSH_SUBSCRIPTION;
    };

    // One job per draft, channel and batch of recipients (DeliveryBatches), not one per delivery.
    const jobs: Parameters<Jobs['enqueueMany']>[1] = [];
    for (const [draft, ids] of recipientsOf) {
      const reachable = new Map<BatchChannel, DeliveryBatchPayload['recipients']>(JOB_CHANNELS.map((c) => [c, []]));
      for (const id of ids) {
        const flags = channelsOf(id, draft);
        for (const channel of JOB_CHANNELS) {
          if (!flags[channel]) continue;
          const reason = unreachable(userById.get(id)!, channel);
          if (reason) record(draft, id, channel, 'skipped', reason);
          else reachable.get(channel)!.push({ userId: id, notificationId: inApp.get(draft)?.get(id)?.id ?? null });
        }
      }
      const { userId: _user, notificationId: _notification, ...delivery } = payloadFor(draft, '');
      for (const [channel, recipients] of reachable) {
        for (let i = 0; i < recipients.length; i += DELIVERY_BATCH_SIZE) {
          const payload: DeliveryBatchPayload = { organizationId, channel, delivery, recipients: recipients.slice(i, i + DELIVERY_BATCH_SIZE) };
          jobs.push({ task: DELIVERY_BATCH_TASK, payload, options: { key: `${draft.sourceKey}:${channel}:${i / DELIVERY_BATCH_SIZE}`, priority: DELIVERY_PRIORITY } });
        }
      }
    }
    await recordDeliveries(em, deliveries);
    await this.jobs.enqueueMany(em, jobs);
    return { recipients: involved.length, jobs: jobs.length };
  }
}
