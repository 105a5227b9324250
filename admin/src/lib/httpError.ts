/**
 * Message of a failed API response, in order of preference: the JSON body's
 * `error` field, else its `message` field, else the raw body text, else the
 * HTTP status text.
 */
export function errorMessageFrom(bodyText: string, statusText: string): string {
  if (bodyText) {
    try {
      const body: unknown = JSON.parse(bodyText);
      if (body && typeof body === 'object') {
        const { error, message } = body as { error?: unknown; message?: unknown };
        if (typeof error === 'string' && error) return error;
        if (typeof message === 'string' && message) return message;
        if (Array.isArray(message) && message.length) return message.join(', ');
      }
    } catch {
      // not JSON: fall through to the raw text
    }
    return bodyText;
  }
  return statusText;
}
