import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerAddress, SMTPServerSession } from 'smtp-server';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { addressOf, type InboundEmail, messageIds } from './inbound-email.js';
import { InboundEmailService } from './inbound-email.service.js';

/** The receiver's state, as Settings shows it. */
export interface SmtpReceiverStatus {
  enabled: boolean;
  host: string | null;
  port: number | null;
}

/** An SMTP reply with its code (smtp-server sends `responseCode` and the message). */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = value ? (Array.isArray(value) ? value : [value]) : [];
  return objects.flatMap((o) => o.value.map((a) => a.address ?? '')).filter(Boolean);
}

/** Header names in lower case with their first value, unfolded, from the raw header lines. */
function headerMap(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (headers[key] !== undefined) continue;
    headers[key] = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  }
  return headers;
}

/** A parsed message as InboundEmailService takes it; `envelope`: the RCPT TO addresses. */
export function inboundFromParsed(parsed: ParsedMail, envelope: string[], envelopeSender: string): InboundEmail {
  const from = parsed.from?.value[0];
  return {
    envelopeSender,
    recipients: [...new Set([...envelope, ...addresses(parsed.to), ...addresses(parsed.cc)].map(addressOf))],
    from: { address: from?.address ?? '', name: from?.name?.trim() || null },
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    messageId: messageIds(parsed.messageId)[0] ?? null,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references),
    headers: headerMap(parsed),
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
  };
}

/**
 * The SMTP receiver for inbound e-mail (the `smtp-server` package), listening on
 * INBOUND_SMTP_HOST:INBOUND_SMTP_PORT when the port is set. It takes mail for the organizations'
 * support addresses only (any other recipient: 550 at RCPT TO, so it never relays), refuses mail
 * over INBOUND_EMAIL_MAX_MB (552), and answers 250 only after InboundEmailService committed the
 * message; a failure answers 451 so the sending server tries again later. No AUTH (mail servers
 * deliver unauthenticated); no STARTTLS (put a TLS-terminating MTA or proxy in front on the public port 25).
 */
@Injectable()
export class InboundSmtpReceiver implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboundSmtp');
  private server: SMTPServer | null = null;
  private port: number | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly inbound: InboundEmailService,
  ) {}

  status(): SmtpReceiverStatus {
    const { smtpHost } = this.config.inboundEmail;
    return { enabled: this.port !== null, host: this.port !== null ? smtpHost : null, port: this.port };
  }

  async onApplicationBootstrap(): Promise<void> {
    const { smtpPort, smtpHost, maxBytes } = this.config.inboundEmail;
    if (smtpPort === undefined) return;
    // The SMTP server and the MIME parser are loaded only where the receiver runs.
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      name: new URL(this.config.publicBaseUrl).hostname,
      banner: 'Warranty CRM inbound mail',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: maxBytes,
      logger: false,
      onRcptTo: (address, session, callback) => this.acceptRecipient(address, session, callback),
      onData: (stream, session, callback) => {
        void this.receive(stream, session).then(() => callback(), (error: Error) => callback(error));
      },
    });
    server.on('error', (error) => this.logger.warn(`SMTP receiver: ${error.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(smtpPort, smtpHost, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    this.logger.log(`Receiving e-mail on ${smtpHost}:${this.port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.port = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private acceptRecipient(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void): void {
    this.inbound.organizationFor([address.address]).then(
      (organizationId) => callback(organizationId ? null : smtpError(550, '5.1.1 No mailbox here by that name')),
      (error: Error) => {
        this.logger.error(`Recipient check failed: ${error.message}`);
        callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
      },
    );
  }

  private async receive(stream: NodeJS.ReadableStream & { sizeExceeded?: boolean }, session: SMTPServerSession): Promise<void> {
    let parsed: ParsedMail;
    try {
      const { simpleParser } = await import('mailparser');
      parsed = await simpleParser(stream as never);
    } catch (error) {
      throw smtpError(554, `5.6.0 Message could not be read: ${(error as Error).message}`);
    }
    if (stream.sizeExceeded) throw smtpError(552, '5.3.4 Message exceeds the fixed size limit');
    const envelope = session.envelope.rcptTo.map((r) => r.address);
    const organizationId = await this.inbound.organizationFor(envelope);
    if (!organizationId) throw smtpError(550, '5.1.1 No mailbox here by that name');
    try {
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      await this.inbound.receive(organizationId, inboundFromParsed(parsed, envelope, sender));
    } catch (error) {
      this.logger.error(`Inbound e-mail failed: ${(error as Error).message}`, (error as Error).stack);
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
  }
}
