import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import type { OutgoingMail } from './outgoing-mail.js';
import { INVITATION_TEMPLATE, type Invitation } from './templates/invitation.js';
import { HTML_LAYOUT } from './templates/layout.js';
import { NOTIFICATION_TEMPLATE, type NotificationMailContext, testMailContext } from './templates/notification.js';
import { TICKET_CONFIRMATION_TEMPLATE, type TicketConfirmation, ticketConfirmationContext } from './templates/ticket-confirmation.js';

export type { Invitation } from './templates/invitation.js';
export type { NotificationMailContext } from './templates/notification.js';
export type { TicketConfirmation } from './templates/ticket-confirmation.js';

/** A template's three parts: subject and text are plain (nothing escaped), the HTML escapes every value. */
interface TemplateSource {
  subject: string;
  text: string;
  html: string;
}

type Render<C> = (to: string, context: C) => OutgoingMail;

/** Compiles a template once, in our own Handlebars environment; the HTML inside the shared layout. */
function compile<C>(hbs: typeof Handlebars, source: TemplateSource): Render<C> {
  const subject = hbs.compile<C>(source.subject, { noEscape: true, strict: true, ignoreStandalone: true });
  const text = hbs.compile<C>(source.text, { noEscape: true, strict: true, ignoreStandalone: true });
  const html = hbs.compile<C>(HTML_LAYOUT.replace('{{> body}}', source.html), { strict: true, ignoreStandalone: true });
  return (to, context) => ({ to, subject: subject(context), text: text(context), html: html(context) });
}

/**
 * Every e-mail the CRM writes, as a Handlebars template rendered to HTML and plain text (the
 * sources are in templates/, one file per e-mail). Sent with OrganizationMailer.
 */
@Injectable()
export class MailTemplates {
  private readonly hbs = Handlebars.create();
  private readonly notificationMail = compile<NotificationMailContext>(this.hbs, NOTIFICATION_TEMPLATE);
  private readonly ticketConfirmationMail = compile<ReturnType<typeof ticketConfirmationContext>>(this.hbs, TICKET_CONFIRMATION_TEMPLATE);
  private readonly invitationMail = compile<Invitation>(this.hbs, INVITATION_TEMPLATE);

  /** A notification (the e-mail channel): plain text and HTML, both with the link into the app. */
  notification(to: string, n: NotificationMailContext): OutgoingMail {
    return this.notificationMail(to, { title: n.title, message: n.message, url: n.url });
  }

  /** The SMTP test message of Settings → Notification Preferences. */
  test(to: string, appUrl: string): OutgoingMail {
    return this.notificationMail(to, testMailContext(appUrl));
  }

  /** The customer's confirmation of a new ticket. */
  ticketConfirmation(to: string, c: TicketConfirmation): OutgoingMail {
    return this.ticketConfirmationMail(to, ticketConfirmationContext(c));
  }

  /** The invitation of a user invited with an e-mail address, with their temporary password. */
  invitation(to: string, i: Invitation): OutgoingMail {
    return this.invitationMail(to, i);
  }
}
