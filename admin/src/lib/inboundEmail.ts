/** Settings → Inbound E-mail: what the section says about where mail comes in. */

export interface ReceiverStatus {
  enabled: boolean;
  host: string | null;
  port: number | null;
}

/** The SMTP receiver's line: where it listens, or how to turn it on. */
export function receiverStatusText(status: ReceiverStatus): string {
  if (!status.enabled || status.port == null) return 'SMTP receiver off (set INBOUND_SMTP_PORT to receive mail directly)';
  return `SMTP receiver listening on ${status.host ?? '0.0.0.0'}:${status.port}`;
}

/** Which address mail is taken for, and why that one. */
export function supportAddressText(address: string | null, supportAddress: string | null): string {
  if (address) return `Mail to ${address} (and ${plusExample(address)}) lands in tickets`;
  if (supportAddress) return `Mail to ${supportAddress}, the SMTP "From" address, lands in tickets; set an inbound address to use another`;
  return 'No address yet: set an inbound address, or the SMTP "From" address';
}

/** `support+…@domain`: replies addressed to a ticket's plus address. */
function plusExample(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : `${address.slice(0, at)}+…${address.slice(at)}`;
}
