import type { OutgoingMail } from '../../../integrations/mail/smtp-transport.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A notification as an e-mail: plain text and HTML, both with the link into the app. */
export function notificationEmail(to: string, n: { title: string; message: string; url: string }): OutgoingMail {
  const text = `${n.title}\n\n${n.message}\n\nOpen in Warranty CRM: ${n.url}\n\nYou receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(n.title)}</h2>
<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(n.message)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(n.url)}" style="background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Open in Warranty CRM</a></p>
<p style="font-size:12px;color:#6b7280">You receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).</p>
</body></html>`;
  return { to, subject: n.title, text, html };
}

/** The test message of Settings → Notification Preferences. */
export function testEmail(to: string, appUrl: string): OutgoingMail {
  return notificationEmail(to, {
    title: 'Test email from Warranty CRM',
    message: 'Your e-mail notifications are set up: this is how notifications will reach you.',
    url: appUrl,
  });
}

/** What the customer's confirmation e-mail says about their new ticket. */
export interface TicketConfirmation {
  customerName: string;
  ticketNumber: string;
  /** Brand, model and SKU as the ticket has them ("" when none). */
  product: string;
  issueCategory: string | null;
  issueDescription: string;
  responseHours: number;
}

/**
 * The customer's confirmation of a new ticket (the "Ticket Created!" toast promises it): the
 * ticket number, the product, the issue and the promised response time.
 */
export function ticketConfirmationEmail(to: string, c: TicketConfirmation): OutgoingMail {
  const issue = c.issueDescription.length > 1000 ? `${c.issueDescription.slice(0, 999)}…` : c.issueDescription;
  const rows: Array<[string, string]> = [
    ['Ticket number', c.ticketNumber],
    ['Product', c.product || 'Not specified'],
    ...(c.issueCategory ? ([['Issue', c.issueCategory]] as Array<[string, string]>) : []),
    ['Description', issue],
  ];
  const promise = `We will respond within ${c.responseHours} hours.`;
  const subject = `We received your request: ticket ${c.ticketNumber}`;
  const text = `Hello ${c.customerName},

Thank you for contacting us. We have received your request and opened a ticket for it.

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

${promise} Please keep your ticket number ${c.ticketNumber} for any follow-up.
`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p style="margin:0 0 12px">Hello ${escapeHtml(c.customerName)},</p>
<p style="margin:0 0 16px">Thank you for contacting us. We have received your request and opened a ticket for it.</p>
<table style="border-collapse:collapse;margin:0 0 16px">
${rows.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b7280;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p style="margin:0 0 16px"><strong>${escapeHtml(promise)}</strong> Please keep your ticket number ${escapeHtml(c.ticketNumber)} for any follow-up.</p>
</body></html>`;
  return { to, subject, text, html };
}


/** What an invited user's e-mail says: who invited them where, how to sign in, and the temporary password. */
export interface Invitation {
  organizationName: string;
  invitedBy: string;
  username: string;
  temporaryPassword: string;
  signInUrl: string;
}

/** The invitation of a user the account owner invited with an e-mail address. */
export function invitationEmail(to: string, i: Invitation): OutgoingMail {
  const subject = `You are invited to ${i.organizationName} on Warranty CRM`;
  const rows: Array<[string, string]> = [['Username', i.username], ['Temporary password', i.temporaryPassword]];
  const note = 'You must change this password when you first sign in.';
  const text = `Hello,

${i.invitedBy} invited you to ${i.organizationName} on Warranty CRM.

${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}

Sign in at ${i.signInUrl}. ${note}
`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p style="margin:0 0 12px">Hello,</p>
<p style="margin:0 0 16px">${escapeHtml(i.invitedBy)} invited you to ${escapeHtml(i.organizationName)} on Warranty CRM.</p>
<table style="border-collapse:collapse;margin:0 0 16px">
${rows.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-family:monospace">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p style="margin:0 0 24px"><a href="${escapeHtml(i.signInUrl)}" style="background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Sign in</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(note)}</p>
</body></html>`;
  return { to, subject, text, html };
}
