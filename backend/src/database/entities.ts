import { AuditEntry } from '../modules/audit-log/audit-entry.entity.js';
import { LoginThrottle } from '../modules/auth/login-throttle.entity.js';
import { CallLog } from '../modules/call-logs/call-log.entity.js';
import { InboundMailbox } from '../modules/conversations/inbound/inbound-mailbox.entity.js';
import { CannedReply } from '../modules/conversations/canned-replies/canned-reply.entity.js';
import { TicketMessage } from '../modules/conversations/ticket-message.entity.js';
import { DataExport } from '../modules/exports/data-export.entity.js';
import { RetentionPolicy } from '../modules/customer-data/retention/retention-policy.entity.js';
import { WarrantyClaim } from '../modules/warranty/warranty-claim.entity.js';
import { WarrantyResolution, WarrantyResolutionItem } from '../modules/warranty/warranty-resolution.entity.js';
import { WarrantySettings } from '../modules/warranty/warranty-settings.entity.js';
import { Customer } from '../modules/customers/customer.entity.js';
import { NotificationDelivery } from '../modules/notifications/notification-delivery.entity.js';
import { NotificationPreference } from '../modules/notifications/notification-preference.entity.js';
import { Notification } from '../modules/notifications/notification.entity.js';
import { PushSubscription } from '../modules/notifications/push-subscription.entity.js';
import { Organization } from '../modules/organizations/organization.entity.js';
import { BrandPhoneNumber } from '../modules/phone-numbers/brand-phone-number.entity.js';
import { Product } from '../modules/settings/product.entity.js';
import { SystemSettings } from '../modules/settings/system-settings.entity.js';
import { Webhook } from '../modules/settings/webhook.entity.js';
import { TicketAttachment } from '../modules/attachments/ticket-attachment.entity.js';
import { Upload } from '../modules/storage/upload.entity.js';
import { TicketAssignmentRotation } from '../modules/tickets/assignment/assignment-rotation.entity.js';
import { TicketActivity } from '../modules/tickets/ticket-activity.entity.js';
import { TicketStatusChange } from '../modules/tickets/ticket-status-change.entity.js';
import { Ticket } from '../modules/tickets/ticket.entity.js';
import { UserInvitation } from '../modules/users/user-invitation.entity.js';
import { User } from '../modules/users/user.entity.js';

/** Every entity, listed once: discovery by file glob does not survive bundling or ESM paths. */
export const ENTITIES = [
  Organization,
  User,
  UserInvitation,
  Customer,
  Ticket,
  TicketStatusChange,
  TicketActivity,
  CallLog,
  Product,
  SystemSettings,
  BrandPhoneNumber,
  NotificationPreference,
  Notification,
  NotificationDelivery,
  PushSubscription,
  Webhook,
  LoginThrottle,
  Upload,
  AuditEntry,
  TicketMessage,
  DataExport,
  InboundMailbox,
  TicketAttachment,
  TicketAssignmentRotation,
  CannedReply,
  WarrantySettings,
  WarrantyClaim,
  WarrantyResolution,
  WarrantyResolutionItem,
  RetentionPolicy,
];
