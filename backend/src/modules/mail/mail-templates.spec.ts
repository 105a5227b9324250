import { describe, expect, it } from '@jest/globals';
import { MailTemplates } from './mail-templates.js';

/**
 * The e-mails as they were written before the templates (hand-built strings in notifications'
 * email-content.ts), kept here so the templates change none of them. HTML: Handlebars escapes ' as
 * &#x27; and = as &#x3D; where the old code wrote &#39; and =, which a mail client reads the same.
 */
const GOLDEN = {
  n: { to: "a@x.com", subject: "T <b> & \"q\"", text: "T <b> & \"q\"\n\nline1\nit's\n\nOpen in Warranty CRM: http://h/t/1?a=b&c=d\n\nYou receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).\n", html: "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5\">\n<h2 style=\"font-size:18px;margin:0 0 12px\">T &lt;b&gt; &amp; &quot;q&quot;</h2>\n<p style=\"margin:0 0 16px;white-space:pre-line\">line1\nit&#39;s</p>\n<p style=\"margin:0 0 24px\"><a href=\"http://h/t/1?a=b&amp;c=d\" style=\"background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none\">Open in Warranty CRM</a></p>\n<p style=\"font-size:12px;color:#6b7280\">You receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).</p>\n</body></html>" },
  t: { to: "a@x.com", subject: "Test email from Warranty CRM", text: "Test email from Warranty CRM\n\nYour e-mail notifications are set up: this is how notifications will reach you.\n\nOpen in Warranty CRM: http://app\n\nYou receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).\n", html: "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5\">\n<h2 style=\"font-size:18px;margin:0 0 12px\">Test email from Warranty CRM</h2>\n<p style=\"margin:0 0 16px;white-space:pre-line\">Your e-mail notifications are set up: this is how notifications will reach you.</p>\n<p style=\"margin:0 0 24px\"><a href=\"http://app\" style=\"background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none\">Open in Warranty CRM</a></p>\n<p style=\"font-size:12px;color:#6b7280\">You receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).</p>\n</body></html>" },
  tc: { to: "c@x.com", subject: "We received your request: ticket T-0001", text: "Hello O'Neil <Jo>,\n\nThank you for contacting us. We have received your request and opened a ticket for it.\n\nTicket number: T-0001\nProduct: Acme X1 (SKU 9)\nIssue: Broken\nDescription: " + "x".repeat(999) + "…\n\nWe will respond within 24 hours. Please keep your ticket number T-0001 for any follow-up.\n", html: "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5\">\n<p style=\"margin:0 0 12px\">Hello O&#39;Neil &lt;Jo&gt;,</p>\n<p style=\"margin:0 0 16px\">Thank you for contacting us. We have received your request and opened a ticket for it.</p>\n<table style=\"border-collapse:collapse;margin:0 0 16px\">\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Ticket number</td><td style=\"padding:4px 0;white-space:pre-line\">T-0001</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Product</td><td style=\"padding:4px 0;white-space:pre-line\">Acme X1 (SKU 9)</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Issue</td><td style=\"padding:4px 0;white-space:pre-line\">Broken</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Description</td><td style=\"padding:4px 0;white-space:pre-line\">" + "x".repeat(999) + "…</td></tr>\n</table>\n<p style=\"margin:0 0 16px\"><strong>We will respond within 24 hours.</strong> Please keep your ticket number T-0001 for any follow-up.</p>\n</body></html>" },
  tc2: { to: "c@x.com", subject: "We received your request: ticket T-2", text: "Hello Jo,\n\nThank you for contacting us. We have received your request and opened a ticket for it.\n\nTicket number: T-2\nProduct: Not specified\nDescription: desc\n\nWe will respond within 4 hours. Please keep your ticket number T-2 for any follow-up.\n", html: "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5\">\n<p style=\"margin:0 0 12px\">Hello Jo,</p>\n<p style=\"margin:0 0 16px\">Thank you for contacting us. We have received your request and opened a ticket for it.</p>\n<table style=\"border-collapse:collapse;margin:0 0 16px\">\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Ticket number</td><td style=\"padding:4px 0;white-space:pre-line\">T-2</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Product</td><td style=\"padding:4px 0;white-space:pre-line\">Not specified</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280;vertical-align:top\">Description</td><td style=\"padding:4px 0;white-space:pre-line\">desc</td></tr>\n</table>\n<p style=\"margin:0 0 16px\"><strong>We will respond within 4 hours.</strong> Please keep your ticket number T-2 for any follow-up.</p>\n</body></html>" },
  inv: { to: "i@x.com", subject: "You are invited to Jack & Co on Warranty CRM", text: "Hello,\n\nAnn Lee invited you to Jack & Co on Warranty CRM.\n\nUsername: bob\nTemporary password: p<w>\n\nSign in at http://app/auth. You must change this password when you first sign in.\n", html: "<!doctype html><html><body style=\"font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5\">\n<p style=\"margin:0 0 12px\">Hello,</p>\n<p style=\"margin:0 0 16px\">Ann Lee invited you to Jack &amp; Co on Warranty CRM.</p>\n<table style=\"border-collapse:collapse;margin:0 0 16px\">\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280\">Username</td><td style=\"padding:4px 0;font-family:monospace\">bob</td></tr>\n<tr><td style=\"padding:4px 16px 4px 0;color:#6b7280\">Temporary password</td><td style=\"padding:4px 0;font-family:monospace\">p&lt;w&gt;</td></tr>\n</table>\n<p style=\"margin:0 0 24px\"><a href=\"http://app/auth\" style=\"background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none\">Sign in</a></p>\n<p style=\"font-size:12px;color:#6b7280\">You must change this password when you first sign in.</p>\n</body></html>" },
};

const sameHtml = (html: string) => html.replaceAll('&#x27;', '&#39;').replaceAll('&#x3D;', '=');

describe('MailTemplates', () => {
  const templates = new MailTemplates();

  it('renders the notification e-mail (text and HTML, values escaped in the HTML only)', () => {
    const mail = templates.notification('a@x.com', { title: 'T <b> & "q"', message: "line1\nit's", url: 'http://h/t/1?a=b&c=d' });
    expect({ ...mail, html: sameHtml(mail.html) }).toEqual(GOLDEN.n);
  });

  it('renders the SMTP test e-mail', () => {
    expect(templates.test('a@x.com', 'http://app')).toEqual(GOLDEN.t);
  });

  it("renders the customer's ticket confirmation, with and without product and category, the description cut at 1000", () => {
    const mail = templates.ticketConfirmation('c@x.com', {
      customerName: "O'Neil <Jo>", ticketNumber: 'T-0001', product: 'Acme X1 (SKU 9)', issueCategory: 'Broken', issueDescription: 'x'.repeat(1005), responseHours: 24,
    });
    expect({ ...mail, html: sameHtml(mail.html) }).toEqual(GOLDEN.tc);
    expect(templates.ticketConfirmation('c@x.com', { customerName: 'Jo', ticketNumber: 'T-2', product: '', issueCategory: null, issueDescription: 'desc', responseHours: 4 })).toEqual(GOLDEN.tc2);
  });

  it('renders the invitation', () => {
    const mail = templates.invitation('i@x.com', { organizationName: 'Jack & Co', invitedBy: 'Ann Lee', username: 'bob', temporaryPassword: 'p<w>', signInUrl: 'http://app/auth' });
    expect({ ...mail, html: sameHtml(mail.html) }).toEqual(GOLDEN.inv);
  });
});
