/**
 * Where a customer's answer goes back to: every outbound e-mail of a ticket carries
 * `Reply-To: <local>+<token>@<domain>` on the organization's support address (its SMTP from
 * address), the token being the ticket's id (a random UUID: not guessable, and it needs no key to
 * read back). The inbound receiver (inbound/ticket-matcher.ts) finds the ticket from a stored
 * Message-ID in In-Reply-To / References, the `[#<ticket number>]` of the subject, or this reply
 * address's token among the recipients (ticketIdOfToken).
 */

const TOKEN = /^[0-9a-f]{32}$/;

function tokenOf(ticketId: string): string {
  const token = ticketId.replace(/-/g, '').toLowerCase();
  if (!TOKEN.test(token)) throw new Error(`Not a ticket id: ${ticketId}`);
  return token;
}

/** The ticket id a reply-address token stands for (null when it is not one). */
export function ticketIdOfToken(token: string): string | null {
  return TOKEN.test(token.toLowerCase()) ? idOf(token.toLowerCase()) : null;
}

function idOf(token: string): string {
  return `${token.slice(0, 8)}-${token.slice(8, 12)}-${token.slice(12, 16)}-${token.slice(16, 20)}-${token.slice(20)}`;
}

/** `support@jacks.example.com` + ticket → `support+<32 hex>@jacks.example.com`. */
export function replyAddressFor(supportAddress: string, ticketId: string): string {
  const at = supportAddress.lastIndexOf('@');
  if (at <= 0) throw new Error(`Not an e-mail address: ${supportAddress}`);
  const local = supportAddress.slice(0, at).split('+')[0];
  return `${local}+${tokenOf(ticketId)}@${supportAddress.slice(at + 1)}`;
}

/**
 * The ticket id a reply address names (`support+<token>@domain`, any case, with or without a
 * display name or angle brackets), or null when the address carries no ticket token. Given the
 * support address, the address must also be on its mailbox (local part and domain).
 */
export function parseReplyAddress(address: string, supportAddress?: string): string | null {
  const bare = (address.match(/<([^>]*)>/)?.[1] ?? address).trim().toLowerCase();
  const match = bare.match(/^([^@\s+]+)\+([0-9a-f]{32})@([^@\s]+)$/);
  if (!match) return null;
  if (supportAddress) {
    const support = supportAddress.trim().toLowerCase();
    const at = support.lastIndexOf('@');
    if (support.slice(0, at).split('+')[0] !== match[1] || support.slice(at + 1) !== match[3]) return null;
  }
  return idOf(match[2]!);
}

/** Our subjects carry the ticket number in brackets: `Re: [#WC-1001] Your warranty claim`. */
export function replySubject(ticketNumber: string, subject?: string | null): string {
  const tag = `[#${ticketNumber}]`;
  const base = (subject ?? '').trim();
  if (!base) return `Re: ${tag} Your ticket ${ticketNumber}`;
  if (base.includes(tag)) return /^re:/i.test(base) ? base : `Re: ${base}`;
  return `Re: ${tag} ${base.replace(/^(re|fwd?|aw|sv):\s*/i, '')}`;
}

/** Message-IDs of a header (In-Reply-To, References) without angle brackets, in order. */
export function messageIdsOf(header: string | string[] | null | undefined): string[] {
  const text = Array.isArray(header) ? header.join(' ') : (header ?? '');
  const bracketed = [...text.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
  if (bracketed.length) return bracketed;
  return text.split(/\s+/).filter((t) => t.includes('@'));
}
