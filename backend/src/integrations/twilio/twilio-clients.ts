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
 * `TWILIO_API_BASE_URL`, except the accounts routed elsewhere (`route`): the built-in phone
 * simulation's accounts, whose requests go to the simulated Twilio inside the app (issue 34).
 */
@Injectable()
export class TwilioClients {
  private readonly http: BaseUrlRequestClient;
  /** Account SID → the HTTP client of the origin its requests go to instead. */
  private readonly routed = new Map<string, BaseUrlRequestClient>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.http = new BaseUrlRequestClient(config.twilio.apiBaseUrl, { timeout: TIMEOUT_MS, keepAlive: true });
  }

  /** Every request of this account goes to `baseUrl` (an origin) from now on; null routes it back to Twilio. */
  route(accountSid: string, baseUrl: string | null): void {
    if (baseUrl === null) this.routed.delete(accountSid);
    else this.routed.set(accountSid, new BaseUrlRequestClient(baseUrl, { timeout: TIMEOUT_MS, keepAlive: true }));
  }

  private httpOf(accountSid: string): BaseUrlRequestClient {
    return this.routed.get(accountSid) ?? this.http;
  }

  forAccount(credentials: TwilioCredentials): TwilioClient {
    return twilio(credentials.accountSid, credentials.authToken, { httpClient: this.httpOf(credentials.accountSid), timeout: TIMEOUT_MS });
  }

  /** The platform (main) account from TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN, when configured. */
  platform(): TwilioClient | null {
    const { accountSid, authToken } = this.config.twilio;
    return accountSid && authToken ? this.forAccount({ accountSid, authToken }) : null;
  }

  /** Streams a recording's audio with the account's own credentials (see BaseUrlRequestClient.media). */
  media(credentials: TwilioCredentials, uri: string, range?: string): Promise<MediaResponse> {
    return this.httpOf(credentials.accountSid).media(uri, { username: credentials.accountSid, password: credentials.authToken }, range);
  }

  /** X-Twilio-Signature check of a form-encoded callback, through the SDK. */
  isValidSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, unknown>): boolean {
    if (!signature) return false;
    return twilio.validateRequest(authToken, signature, url, params);
  }
}
