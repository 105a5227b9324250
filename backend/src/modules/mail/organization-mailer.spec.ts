import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MailerService } from '@nestjs-modules/mailer';
import { type AddressInfo, createServer, Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { SmtpCatcher } from '../../../test/support/smtp-catcher.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { MailTemplates } from './mail-templates.js';
import { connectWithoutDelay, MAX_ORGANIZATION_TRANSPORTS, OrganizationMailer } from './organization-mailer.js';
import { messageIdFor, type SmtpSettings } from './outgoing-mail.js';

/** OrganizationMailer on @nestjs-modules/mailer's MailerService, against two real SMTP servers on 127.0.0.1. */
describe('OrganizationMailer', () => {
  let first: SmtpCatcher;
  let second: SmtpCatcher;
  let service: MailerService;
  let mailer: OrganizationMailer;
  const templates = new MailTemplates();

  beforeAll(async () => {
    first = await new SmtpCatcher().start();
    second = await new SmtpCatcher().start();
    service = new MailerService({ transports: {} }, undefined as never);
    mailer = new OrganizationMailer(service, new SecretBox('a-test-secret-of-enough-length-000000'));
  });

  afterAll(async () => {
    await service.onModuleDestroy();
    await first.stop();
    await second.stop();
  });

  const smtp = (organizationId: string, catcher: SmtpCatcher, fromEmail = 'support@jacks.example.com'): SmtpSettings => ({
    organizationId, host: '127.0.0.1', port: catcher.port, username: null, password: null, fromEmail, fromName: 'Jack Support',
  });

  it("sends a template through the organization's own transport, with the Message-ID fixed by its delivery key", async () => {
    const sent = await mailer.send(smtp('org-a', first), { ...templates.test('a@example.com', 'http://app'), deliveryKey: 'test:1' });
    expect(sent.messageId).toBe(messageIdFor('test:1', 'support@jacks.example.com'));
    const [mail] = first.to('a@example.com');
    expect(mail).toMatchObject({ from: 'support@jacks.example.com', subject: 'Test email from Warranty CRM', messageId: sent.messageId });
    expect(mail.text).toContain('Open in Warranty CRM: http://app');
    expect(mail.html).toContain('href="http://app"');
    expect(() => service.getTransporter('organization:org-a')).not.toThrow();
  });

  it('keeps the transport while the settings stay, and replaces it once they change', async () => {
    expect(() => service.getTransporter('organization:org-b')).toThrow(ReferenceError); // made on first use
    await mailer.send(smtp('org-b', first), templates.test('b@example.com', 'http://app'));
    const kept = service.getTransporter('organization:org-b');
    await mailer.send(smtp('org-b', first), templates.test('b@example.com', 'http://app'));
    expect(service.getTransporter('organization:org-b')).toBe(kept);

    // Settings → SMTP now names another server: the next message goes there, on a new transport.
    await mailer.send(smtp('org-b', second), templates.test('b@example.com', 'http://app'));
    expect(service.getTransporter('organization:org-b')).not.toBe(kept);
    expect(first.to('b@example.com')).toHaveLength(2);
    expect(second.to('b@example.com')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ORGANIZATION_TRANSPORTS} organizations' transports, closing the least recently used`, async () => {
    for (let i = 0; i <= MAX_ORGANIZATION_TRANSPORTS; i++) {
      await mailer.send(smtp(`org-many-${i}`, second), templates.test(`many${i}@example.com`, 'http://app'));
    }
    expect(() => service.getTransporter('organization:org-many-0')).toThrow(ReferenceError);
    expect(() => service.getTransporter(`organization:org-many-${MAX_ORGANIZATION_TRANSPORTS}`)).not.toThrow();
    expect(second.messages.filter((m) => m.to[0]?.startsWith('many'))).toHaveLength(MAX_ORGANIZATION_TRANSPORTS + 1);
  });

  it("sends over connections with Nagle's algorithm off (each message's last line is not held for the server's delayed ACK)", async () => {
    const noDelay = jest.spyOn(Socket.prototype, 'setNoDelay');
    try {
      await mailer.send(smtp('org-nodelay', first), templates.test('nodelay@example.com', 'http://app'));
      const calls = noDelay.mock.calls.map((args, i) => ({ on: noDelay.mock.contexts[i] as Socket, enabled: args[0] ?? true }));
      expect(calls.filter((c) => c.on.remotePort === first.port && c.enabled).length).toBeGreaterThanOrEqual(1);
      expect(first.to('nodelay@example.com')).toHaveLength(1);
    } finally {
      noDelay.mockRestore();
    }
  });
});

/** connectWithoutDelay under nodemailer: the greeting, STARTTLS and implicit TLS go on as with nodemailer's own sockets. */
describe('connectWithoutDelay', () => {
  const servers: SMTPServer[] = [];
  async function server(secure: boolean): Promise<{ port: number; received: Array<{ to: string; secure: boolean }> }> {
    const received: Array<{ to: string; secure: boolean }> = [];
    // smtp-server's own self-signed certificate: STARTTLS offered on a plain port, TLS at once on a secure one.
    const smtp = new SMTPServer({
      secure,
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo[0]?.address ?? '', secure: session.secure });
          callback();
        });
      },
    });
    servers.push(smtp);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    return { port: (smtp.server.address() as AddressInfo).port, received };
  }
  const transport = (port: number, secure: boolean) =>
    nodemailer.createTransport({ host: '127.0.0.1', port, secure, pool: true, tls: { rejectUnauthorized: false }, getSocket: connectWithoutDelay } as never);

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it.each([
    { secure: false, to: 'starttls@example.com', what: 'upgrades with STARTTLS when the server offers it' },
    { secure: true, to: 'implicit@example.com', what: 'speaks TLS at once to an implicit-TLS server (port 465)' },
  ])('$what', async ({ secure, to }) => {
    const { port, received } = await server(secure);
    const t = transport(port, secure);
    await t.sendMail({ from: 'a@example.com', to, subject: 'Hi', text: 'Hello' });
    t.close();
    expect(received).toEqual([{ to, secure: true }]);
  });

  it('fails the send when nothing listens, with the connection error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = transport(port, false);
    await expect(t.sendMail({ from: 'a@example.com', to: 'nobody@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/ECONNREFUSED/);
    t.close();
  });
});
