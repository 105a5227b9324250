/** A delivery that no retry can make (no SMTP or Twilio set up any more, a recipient refused): failed at once. */
export class PermanentDeliveryError extends Error {}
