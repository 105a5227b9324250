import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Threading and reply headers as the mail client reads them ('' / [] when absent). */
  inReplyTo: string;
  references: string[];
  replyTo: string;
  fromHeader: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. `stop()` then `start()`
 * again on the same port stands in for an outage of the organization's mail server.
 */
export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  /**
   * Runs when a message has been received, before the server answers the client: a test can stop
   * the sender there (the message is delivered, and the sender never learns it).
   */
  onMessage?: (mail: CaughtMail) => Promise<void> | void;
  port = 0;
  private server?: SMTPServer;

  async start(): Promise<this> {
    const server = new SMTPServer({
      secure: false,
      // close() drops the app's pooled connections after this instead of waiting 30 s for them
      closeTimeout: 500,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const caught: CaughtMail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              inReplyTo: mail.inReplyTo ?? '',
              references: Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [],
              replyTo: mail.replyTo?.value.map((a) => a.address ?? '').join(', ') ?? '',
              fromHeader: mail.from?.value.map((a) => a.address ?? '').join(', ') ?? '',
            };
            this.messages.push(caught);
            return Promise.resolve(this.onMessage?.(caught)).then(() => callback());
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => undefined);
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }
}
