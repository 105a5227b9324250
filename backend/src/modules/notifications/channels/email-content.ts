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
