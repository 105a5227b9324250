import { Inject, Injectable } from '@nestjs/common';
import Retell from 'retell-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/**
 * Retell API clients on the official SDK, one per organization's API key. RETELL_API_BASE_URL
 * sends every request to another origin (a fake Retell on 127.0.0.1 in tests).
 */
@Injectable()
export class RetellClients {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  forKey(apiKey: string): Retell {
    // 'warn' whatever RETELL_LOG says: the SDK's debug log prints requests and answers (calls, transcripts).
    return new Retell({ apiKey, baseURL: this.config.retell.apiBaseUrl ?? null, maxRetries: 1, timeout: 10_000, logLevel: 'warn' });
  }
}
