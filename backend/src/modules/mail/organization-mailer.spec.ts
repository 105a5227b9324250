import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MailerService } from '@nestjs-modules/mailer';
import { SmtpCatcher } from '../../../test/support/smtp-catcher.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { MailTemplates } from './mail-templates.js';
import { MAX_ORGANIZATION_TRANSPORTS, OrganizationMailer } from './organization-mailer.js';
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
});
