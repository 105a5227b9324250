import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { Jobs } from '../../common/jobs/jobs.js';
import { LiveHub } from '../../common/live/live-hub.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { User } from '../users/user.entity.js';
import { type ChannelFlags, defaultChannels, type LiveEventType, type NotificationChannel } from './catalogue.js';
import { browserAlert } from './channels/browser-alert.js';
import { type BatchChannel, DELIVERY_BATCH_SIZE, DELIVERY_BATCH_TASK, type DeliveryBatchPayload } from './channels/delivery-batch.js';
import { OrganizationMailer } from '../mail/organization-mailer.js';
import { NO_EMAIL, NO_PHONE, NO_PUSH_SUBSCRIPTION, NO_SMTP } from './channels/skip-reasons.js';
import { toLiveNotification } from './dto/notification.dto.js';
import { NotificationDelivery } from './notification-delivery.entity.js';
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
    const excluded = [...(draft.actorUserId ? [draft.actorUserId] : []), ...(draft.excludedUserIds ?? [])];
    if (draft.recipientUserIds && !draft.recipientUserIds.some((id) => !excluded.includes(id))) return { recipients: 0, jobs: 0 };
    const users = await em.getRepository(User).recipients(organizationId, excluded, draft.recipientUserIds);
    if (!users.length) return { recipients: 0, jobs: 0 };
    const ids = users.map((u) => u.id);
    const stored = await em.getRepository(NotificationPreference).ofUsers(ids, draft.eventType);
    const prefs = new Map<string, ChannelFlags>(stored.map((p) => [typeof p.user === 'string' ? p.user : p.user.id, flagsOf(p)]));
    const defaults = defaultChannels(draft.eventType);

    const inApp = new Map<string, Notification>();
    for (const id of ids) {
      if (!(prefs.get(id) ?? defaults).in_app) continue;
      inApp.set(
        id,
        em.create(Notification, {
          organization: organizationId,
          user: id,
          type: draft.eventType,
          title: draft.title.slice(0, 255),
          message: draft.message,
          metadata: draft.metadata,
          relatedEntityType: draft.relatedEntityType,
          relatedEntityId: draft.relatedEntityId,
        }),
      );
    }
    await em.flush();

    if (inApp.size) {
      const unread = await em.getRepository(Notification).unreadCounts([...inApp.keys()]);
      await this.live.publishMany(
        em,
        [...inApp].map(([userId, notification]) => ({
          organizationId,
          userId,
          event: 'notification',
          data: { notification: toLiveNotification(notification), unread_count: unread.get(userId) ?? 0 },
        })),
      );
    }

    const url = `${this.config.publicBaseUrl}${draft.link}`;
    const channelsOf = (userId: string): ChannelFlags => prefs.get(userId) ?? defaults;
    const payloadFor = (userId: string): DeliveryPayload => ({
      organizationId,
      userId,
      eventType: draft.eventType,
      sourceKey: draft.sourceKey,
      title: draft.title,
      message: draft.message,
      url,
      notificationId: inApp.get(userId)?.id ?? null,
      brand: typeof draft.metadata.brand === 'string' ? draft.metadata.brand : null,
    });
    const record = (userId: string, channel: NotificationChannel, status: 'sent' | 'skipped', detail: string) =>
      em.create(NotificationDelivery, { organization: organizationId, user: userId, eventType: draft.eventType, sourceKey: draft.sourceKey, channel, status, detail });

    const alerted = users.filter((u) => channelsOf(u.id).browser);
    if (alerted.length) {
      await this.live.publishMany(em, alerted.map((u) => ({ organizationId, userId: u.id, event: 'browser', data: browserAlert(payloadFor(u.id)) })));
      for (const u of alerted) record(u.id, 'browser', 'sent', 'published to open tabs');
    }

    // Who each provider channel cannot reach now, read once for all recipients.
    const emailed = users.filter((u) => channelsOf(u.id).email && u.notificationEmail?.trim());
    const smtpReady = emailed.length > 0 && (await this.mailer.isConfigured(em, organizationId));
    const pushed = users.filter((u) => channelsOf(u.id).mobile_push).map((u) => u.id);
    const devices = pushed.length
      ? await em.getRepository(PushSubscription).usersWithDevices(pushed)
      : new Set<string>();
    const unreachable = (u: Pick<User, 'id' | 'notificationEmail' | 'notificationPhone'>, channel: keyof typeof CHANNEL_TASKS): string | null => {
      if (channel === 'email') return !u.notificationEmail?.trim() ? NO_EMAIL : smtpReady ? null : NO_SMTP;
      if (channel === 'sms') return u.notificationPhone?.trim() ? null : NO_PHONE;
      return devices.has(u.id) ? null : NO_PUSH_SUBSCRIPTION;
    };

    const reachable = new Map<BatchChannel, DeliveryBatchPayload['recipients']>(JOB_CHANNELS.map((c) => [c, []]));
    for (const user of users) {
      const flags = channelsOf(user.id);
      for (const channel of JOB_CHANNELS) {
        if (!flags[channel]) continue;
        const reason = unreachable(user, channel);
        if (reason) record(user.id, channel, 'skipped', reason);
        else reachable.get(channel)!.push({ userId: user.id, notificationId: inApp.get(user.id)?.id ?? null });
      }
    }
    await em.flush();

    // One job per channel and batch of recipients (DeliveryBatches), not one per delivery.
    const { userId: _user, notificationId: _notification, ...delivery } = payloadFor('');
    const jobs: Parameters<Jobs['enqueueMany']>[1] = [];
    for (const [channel, recipients] of reachable) {
      for (let i = 0; i < recipients.length; i += DELIVERY_BATCH_SIZE) {
        const payload: DeliveryBatchPayload = { organizationId, channel, delivery, recipients: recipients.slice(i, i + DELIVERY_BATCH_SIZE) };
        jobs.push({ task: DELIVERY_BATCH_TASK, payload, options: { key: `${draft.sourceKey}:${channel}:${i / DELIVERY_BATCH_SIZE}`, priority: DELIVERY_PRIORITY } });
      }
    }
    await this.jobs.enqueueMany(em, jobs);
    return { recipients: ids.length, jobs: jobs.length };
  }
}
