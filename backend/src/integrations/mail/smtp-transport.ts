import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';

/** An organization's SMTP server, as its settings hold it (password already opened). */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  fromEmail: string;
  fromName: string | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What this message is, once for all its attempts (`ticket-confirmation:<ticket id>`): its
   * Message-ID is derived from it, so an attempt after a crash that may have sent it already is the
   * same message to every mail system, not a second one. Left out, each send gets a new Message-ID.
   */
  deliveryKey?: string;
  /** A Message-ID kept by the caller (`<id@host>`, e.g. on the invitation's row); it wins over deliveryKey. */
  messageId?: string;
}

/** The Message-ID of a delivery: the same for every attempt, on the sender's domain. */
export function messageIdFor(deliveryKey: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1]?.trim() || 'localhost';
  return `<${createHash('sha256').update(deliveryKey).digest('hex').slice(0, 40)}@${domain}>`;
}

/** A hung server fails the attempt (the job retries) instead of holding a worker. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/** Organizations whose pooled connections are kept open at once. */
const MAX_POOLS = 20;
/**
 * Connections of one organization's pool: its messages in flight at once, across the queue's jobs.
 * With 3, a fan-out's e-mails queued behind them (under issue 33's load, about 35 messages/s drained;
 * with 10, the queue kept up). A server that takes fewer refuses the rest (4xx): those sends fail and
 * their deliveries retry.
 */
export const SMTP_POOL_CONNECTIONS = 10;

/**
 * SMTP transports per server settings: pooled (a fan-out sends many messages through the same
 * server) and rebuilt when the organization's settings change, since the settings are the key.
 * Port 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
 */
export class SmtpTransports {
  private readonly pools = new Map<string, Transporter>();

  async send(smtp: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.transport(smtp).sendMail({
      from: smtp.fromName ? { name: smtp.fromName, address: smtp.fromEmail } : smtp.fromEmail,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId || mail.deliveryKey ? { messageId: mail.messageId ?? messageIdFor(mail.deliveryKey!, smtp.fromEmail) } : {}),
    });
    return { messageId: String(info.messageId ?? '') };
  }

  closeAll(): void {
    for (const transport of this.pools.values()) transport.close();
    this.pools.clear();
  }

  private transport(smtp: SmtpSettings): Transporter {
    const key = JSON.stringify(smtp);
    const existing = this.pools.get(key);
    if (existing) {
      // Most recently used last: the oldest pool is the one evicted.
      this.pools.delete(key);
      this.pools.set(key, existing);
      return existing;
    }
    const transport = nodemailer.createTransport({
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.port === 465,
      auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
      ...TIMEOUTS,
    });
    this.pools.set(key, transport);
    if (this.pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.pools.entries().next().value as [string, Transporter];
      this.pools.delete(oldestKey);
      oldest.close();
    }
    return transport;
  }
}
