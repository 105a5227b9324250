import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a signed URL of the local driver allows: one method on one key until `expires`. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  expires: number;
  /** PUT only: the exact Content-Type and Content-Length the upload must carry. */
  contentType?: string;
  size?: number;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

/**
 * HMAC-SHA256 signatures for the local storage driver's URLs, keyed by a key derived from
 * APP_SECRET (never the secret itself). Method, key, expiry, content type and size are all bound,
 * so changing any of them in a URL or a request breaks the signature.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'warranty-crm', 'storage-url-signatures', 32));
  }

  sign(request: SignedRequest): string {
    const canonical = [request.method, request.key, request.expires, request.contentType ?? '', request.size ?? ''].join('\n');
    return createHmac('sha256', this.key).update(canonical).digest('base64url');
  }

  check(request: SignedRequest, signature: string, now = Date.now()): SignatureCheck {
    const expected = Buffer.from(this.sign(request));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return request.expires * 1000 < now ? 'expired' : 'ok';
  }
}
