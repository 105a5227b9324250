import { Inject, Injectable } from '@nestjs/common';
import twilio from 'twilio';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BaseUrlRequestClient, type MediaResponse } from './base-url-request-client.js';

export type TwilioClient = twilio.Twilio;

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/** Provider calls give up after this long, so a hung Twilio answers a 502 instead of hanging a request. */
const TIMEOUT_MS = 15_000;

/**
 * Builds SDK clients (ARCHITECTURE rule 8): for an organization's account, or for the platform
 * account that creates subaccounts. Every client shares one HTTP client that honours
 * `TWILIO_API_BASE_URL`.
 */
@Injectable()
export class TwilioClients {
  private readonly http: BaseUrlRequestClient;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.http = new BaseUrlRequestClient(config.twilio.apiBaseUrl, { timeout: TIMEOUT_MS, keepAlive: true });
  }

  forAccount(credentials: TwilioCredentials): TwilioClient {
    return twilio(credentials.accountSid, credentials.authToken, { httpClient: this.http, timeout: TIMEOUT_MS });
  }

  /** The platform (main) account from TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN, when configured. */
  platform(): TwilioClient | null {
    const { accountSid, authToken } = this.config.twilio;
    return accountSid && authToken ? this.forAccount({ accountSid, authToken }) : null;
  }

  /** Streams a recording's audio with the account's own credentials (see BaseUrlRequestClient.media). */
  media(credentials: TwilioCredentials, uri: string, range?: string): Promise<MediaResponse> {
    return this.http.media(uri, { username: credentials.accountSid, password: credentials.authToken }, range);
  }

  /** X-Twilio-Signature check of a form-encoded callback, through the SDK. */
  isValidSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, unknown>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(authToken, signature, url, params);
  }
}
