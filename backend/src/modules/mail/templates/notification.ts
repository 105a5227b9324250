/** A notification as an e-mail (also the SMTP test message): the title, the message and the link into the app. */
export interface NotificationMailContext {
  title: string;
  message: string;
  url: string;
}

const FOOTER = 'You receive this because of your notification preferences in Warranty CRM (Settings → Notification Preferences).';

export const NOTIFICATION_TEMPLATE = {
  subject: '{{title}}',
  text: `{{title}}\n\n{{message}}\n\nOpen in Warranty CRM: {{url}}\n\n${FOOTER}\n`,
  html: `<h2 style="font-size:18px;margin:0 0 12px">{{title}}</h2>
<p style="margin:0 0 16px;white-space:pre-line">{{message}}</p>
<p style="margin:0 0 24px"><a href="{{url}}" style="background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Open in Warranty CRM</a></p>
<p style="font-size:12px;color:#6b7280">${FOOTER}</p>`,
};

/** What Settings → Notification Preferences' "Send test e-mail" says (through the notification template). */
export function testMailContext(appUrl: string): NotificationMailContext {
  return {
    title: 'Test email from Warranty CRM',
    message: 'Your e-mail notifications are set up: this is how notifications will reach you.',
    url: appUrl,
  };
}
