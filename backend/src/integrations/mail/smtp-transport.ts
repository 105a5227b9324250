import nodemailer from 'nodemailer';

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
}

/** A hung server fails the attempt (the job retries) instead of holding a worker. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Sends one message through the organization's own SMTP server. A transport per send: settings
 * change at any time and differ per organization, and a notification e-mail is not a hot path.
 * Port 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it.
 */
export async function sendSmtpMail(smtp: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
    ...TIMEOUTS,
  });
  try {
    const info = await transport.sendMail({
      from: smtp.fromName ? { name: smtp.fromName, address: smtp.fromEmail } : smtp.fromEmail,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return { messageId: String(info.messageId ?? '') };
  } finally {
    transport.close();
  }
}
