import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { connect, type Socket } from 'node:net';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { DEFAULT_SMTP_PORT } from '../settings/settings.service.js';
import { SystemSettings } from '../settings/system-settings.entity.js';
import { messageIdFor, type OutgoingMail, type SmtpSettings } from './outgoing-mail.js';

/** A hung server fails the attempt (the job retries) instead of holding a worker. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/**
 * Connections of one organization's pool: its messages in flight at once, across the queue's jobs.
 * With 3, a fan-out's e-mails queued behind them (under issue 33's load, about 35 messages/s drained;
 * with 10, the queue kept up). A server that takes fewer refuses the rest (4xx): those sends fail and
 * their deliveries retry.
 */
export const SMTP_POOL_CONNECTIONS = 10;
/** Organizations whose pooled connections are kept open at once. */
export const MAX_ORGANIZATION_TRANSPORTS = 20;

/**
 * Connects a pooled transport's socket with Nagle's algorithm off (nodemailer's `getSocket`). SMTP is
 * a dialogue of short lines, and with Nagle on, each message's last line waited for the server's
 * delayed ACK: about 40 ms a message, so 10 connections carried about 190 messages a second while
 * both ends idled (bench/README.md). nodemailer gets the connected socket and goes on as with its
 * own: the greeting, STARTTLS when offered, or TLS at once on port 465 (implicit TLS).
 */
export function connectWithoutDelay(
  options: { host?: string; port?: number; secure?: boolean; connectionTimeout?: number },
  callback: (error: Error | null, socket?: { connection: Socket }) => void,
): void {
  const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? (options.secure ? 465 : 587) });
  const failed = (error: Error) => {
    clearTimeout(timer);
    socket.destroy();
    callback(error);
  };
  const timer = setTimeout(() => failed(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })), options.connectionTimeout ?? TIMEOUTS.connectionTimeout);
  socket.once('error', failed);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', failed);
    socket.setNoDelay(true);
    callback(null, { connection: socket });
  });
}

/**
 * Mail through the organization's SMTP settings (Settings → SMTP), read on the caller's EntityManager,
 * sent by @nestjs-modules/mailer's MailerService on a transport of that organization's own
 * (`addTransporter('organization:<id>')`, named per send with `transporterName`). The transport is
 * pooled (a fan-out sends many messages through the same server), kept for at most
 * MAX_ORGANIZATION_TRANSPORTS organizations (the least recently used is closed), and replaced when
 * the organization's settings change: each send compares the settings it read with the ones the
 * transport was made from. Port 465 is implicit TLS; other ports upgrade with STARTTLS when offered.
 * The messages themselves are MailTemplates'.
 */
@Injectable()
export class OrganizationMailer {
  /** Organization → the settings its transport was made from (JSON), most recently used last. */
  private readonly transports = new Map<string, string>();

  constructor(
    private readonly mailer: MailerService,
    private readonly secrets: SecretBox,
  ) {}

  /** Whether the organization can send: the same rule as smtpOf, without opening the password. */
  async isConfigured(em: EntityManager, organizationId: string): Promise<boolean> {
    const s = await em.getRepository(SystemSettings).ofOrganization(organizationId);
    return Boolean(s?.smtpHost && (s.smtpFromEmail || s.smtpUsername?.includes('@')));
  }

  async smtpOf(em: EntityManager, organizationId: string): Promise<SmtpSettings | null> {
    const s = await em.getRepository(SystemSettings).ofOrganization(organizationId);
    if (!s?.smtpHost) return null;
    const fromEmail = s.smtpFromEmail || (s.smtpUsername?.includes('@') ? s.smtpUsername : null);
    if (!fromEmail) return null;
    return {
      organizationId,
      host: s.smtpHost,
      port: s.smtpPort ?? DEFAULT_SMTP_PORT,
      username: s.smtpUsername ?? null,
      password: this.secrets.openOptional(s.smtpPassword),
      fromEmail,
      fromName: s.smtpFromName ?? null,
    };
  }

  /** Sends one message; throws when the server does not accept it. */
  async send(smtp: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.mailer.sendMail({
      transporterName: this.transportFor(smtp),
      from: smtp.fromName ? { name: smtp.fromName, address: smtp.fromEmail } : smtp.fromEmail,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId || mail.deliveryKey ? { messageId: mail.messageId ?? messageIdFor(mail.deliveryKey!, smtp.fromEmail) } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
      ...(mail.references?.length ? { references: mail.references } : {}),
    });
    return { messageId: String((info as { messageId?: string }).messageId ?? '') };
  }

  /** The name of the organization's transport, made (or remade, after a settings change) on first use. */
  private transportFor(smtp: SmtpSettings): string {
    const name = `organization:${smtp.organizationId}`;
    const key = JSON.stringify(smtp);
    const made = this.transports.get(smtp.organizationId);
    this.transports.delete(smtp.organizationId);
    if (made !== key) {
      if (made !== undefined) this.mailer.removeTransporter(name);
      this.mailer.addTransporter(name, {
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS,
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
        getSocket: connectWithoutDelay,
        ...TIMEOUTS,
      });
    }
    this.transports.set(smtp.organizationId, key);
    if (this.transports.size > MAX_ORGANIZATION_TRANSPORTS) {
      const [oldest] = this.transports.keys();
      this.transports.delete(oldest);
      this.mailer.removeTransporter(`organization:${oldest}`);
    }
    return name;
  }
}
