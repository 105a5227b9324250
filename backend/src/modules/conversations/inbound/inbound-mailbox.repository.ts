import { EntityRepository } from '@mikro-orm/postgresql';
import { SystemSettings } from '../../settings/system-settings.entity.js';
import { InboundMailbox } from './inbound-mailbox.entity.js';

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The inbound mailboxes' queries. */
export class InboundMailboxRepository extends EntityRepository<InboundMailbox> {
  /** The organization's row (scoped by the tenant filter), or null before it saved one. */
  ofOrganization(organizationId: string): Promise<InboundMailbox | null> {
    return this.findOne({ organization: organizationId });
  }

  /**
   * Which organization receives mail at `address` (a bare, lower-case address: no plus tag), for
   * mail that arrives without a session: the organization whose inbound address it is, else the one
   * whose SMTP "from" address it is (the address customers reply to). Null when none, or when two
   * organizations send from it (ambiguous: such mail is refused rather than guessed).
   * The one cross-tenant read of this module: it answers an id only.
   */
  async organizationReceivingAt(address: string): Promise<string | null> {
    const em = this.getEntityManager().fork({ clear: true, useContext: false });
    const mailbox = await em.findOne(InboundMailbox, { address }, { filters: false, fields: ['organization'] as never });
    if (mailbox) return idOf(mailbox.organization);
    const senders = await em.find(
      SystemSettings,
      { smtpFromEmail: { $ilike: literalPattern(address) } },
      { filters: false, fields: ['organization'] as never, limit: 2 },
    );
    return senders.length === 1 ? idOf(senders[0]!.organization) : null;
  }
}

function idOf(organization: unknown): string {
  return typeof organization === 'string' ? organization : (organization as { id: string }).id;
}
