import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_CONFIG, type AppConfig, phoneSimulationAllowed } from '../../config/config.js';
import { TwilioClients, type TwilioCredentials } from '../../integrations/twilio/twilio-clients.js';
import { FakeTwilio, type FakeTwilioState } from '../fake-twilio/fake-twilio.js';

/**
 * The fake Twilio (`dev/fake-twilio`) run inside the app for the built-in phone simulation
 * (issue 34): started on 127.0.0.1 at a free port the first time an organization turns the
 * simulation on (no restart, no second process), its state kept in `DATA_DIR/simulated-twilio.json`
 * so a restart keeps the numbers bought, each organization with an account of its own. Every
 * simulated account is routed by `TwilioClients` to this server, so the app's own Twilio code
 * (search, purchase, Fix Webhooks, recordings) runs unchanged against it.
 *
 * One process: with WEB_CONCURRENCY above 1 each worker would have its own simulated Twilio.
 */
@Injectable()
export class SimulatedTwilio implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PhoneSimulation');
  private fake?: Promise<FakeTwilio>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clients: TwilioClients,
  ) {}

  private get file(): string {
    return join(this.config.dataDir, 'simulated-twilio.json');
  }

  /** After a restart, organizations that had the simulation on keep reaching it. */
  async onApplicationBootstrap(): Promise<void> {
    if (phoneSimulationAllowed(this.config) && existsSync(this.file)) await this.started();
  }

  async onApplicationShutdown(): Promise<void> {
    const fake = await this.fake?.catch(() => undefined);
    this.fake = undefined;
    await fake?.stop();
  }

  /** The running simulated Twilio (started on first use). */
  started(): Promise<FakeTwilio> {
    this.fake ??= this.start().catch((error: unknown) => {
      this.fake = undefined;
      throw error;
    });
    return this.fake;
  }

  private async start(): Promise<FakeTwilio> {
    const state = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as FakeTwilioState) : undefined;
    const fake = await FakeTwilio.start({ port: 0, host: '127.0.0.1', state });
    fake.onChange = () => this.save(fake);
    for (const account of fake.accounts.values()) this.clients.route(account.sid, fake.url);
    this.logger.log(`Simulated Twilio on ${fake.url} (state in ${this.file})`);
    return fake;
  }

  private save(fake: FakeTwilio): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(fake.state(), null, 2), { mode: 0o600 });
  }

  /** The organization's simulated account (made the first time), its requests routed to the simulation. */
  async accountFor(organizationId: string): Promise<TwilioCredentials> {
    const fake = await this.started();
    const name = `Simulation ${organizationId}`;
    const account = [...fake.accounts.values()].find((a) => a.friendlyName === name && !a.ownerAccountSid) ?? fake.addAccount({ friendlyName: name });
    this.clients.route(account.sid, fake.url);
    return { accountSid: account.sid, authToken: account.authToken };
  }
}
