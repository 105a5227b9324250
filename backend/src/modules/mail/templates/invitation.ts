/** What an invited user's e-mail says: who invited them where, how to sign in, and the temporary password. */
export interface Invitation {
  organizationName: string;
  invitedBy: string;
  username: string;
  temporaryPassword: string;
  signInUrl: string;
}

const NOTE = 'You must change this password when you first sign in.';

/** The invitation of a user the account owner invited with an e-mail address. */
export const INVITATION_TEMPLATE = {
  subject: 'You are invited to {{organizationName}} on Warranty CRM',
  text:
    'Hello,\n\n{{invitedBy}} invited you to {{organizationName}} on Warranty CRM.\n\n' +
    'Username: {{username}}\nTemporary password: {{temporaryPassword}}\n\n' +
    `Sign in at {{signInUrl}}. ${NOTE}\n`,
  html:
    '<p style="margin:0 0 12px">Hello,</p>\n' +
    '<p style="margin:0 0 16px">{{invitedBy}} invited you to {{organizationName}} on Warranty CRM.</p>\n' +
    '<table style="border-collapse:collapse;margin:0 0 16px">\n' +
    '<tr><td style="padding:4px 16px 4px 0;color:#6b7280">Username</td><td style="padding:4px 0;font-family:monospace">{{username}}</td></tr>\n' +
    '<tr><td style="padding:4px 16px 4px 0;color:#6b7280">Temporary password</td><td style="padding:4px 0;font-family:monospace">{{temporaryPassword}}</td></tr>\n' +
    '</table>\n' +
    '<p style="margin:0 0 24px"><a href="{{signInUrl}}" style="background:#2563eb;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none">Sign in</a></p>\n' +
    `<p style="font-size:12px;color:#6b7280">${NOTE}</p>`,
};
