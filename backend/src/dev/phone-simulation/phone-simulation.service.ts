import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIMULATION_DEFAULT_TRANSCRIPT } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { APP_CONFIG, type AppConfig, phoneSimulationAllowed } from '../../config/config.js';
import { TwilioAccountService } from '../../modules/organizations/twilio-account.service.js';
import { BrandPhoneNumber } from '../../modules/phone-numbers/brand-phone-number.entity.js';
import { PhoneNumberNotFoundError } from '../../modules/phone-numbers/phone-numbers.errors.js';
import { simulateCall } from '../simulate-call.js';
import type { SetPhoneSimulationDto, SimulateCallDto } from './dto/phone-simulation.dto.js';
import { NumberNotSimulatedError, SimulatedCallFailedError, SimulationOffError, SimulationUnavailableError } from './phone-simulation.errors.js';
import { SimulatedTwilio } from './simulated-twilio.js';

export interface PhoneSimulationState {
  available: boolean;
  enabled: boolean;
  accountSid: string | null;
}

/**
 * The built-in phone simulation of the Phone System page (issue 34): switches the organization's
 * Twilio link to the simulated Twilio and back (the organizations module keeps the link), and has
 * a simulated caller leave a voicemail on one of its numbers through the app's real, signed
 * webhooks, as `npm run simulate:call` does.
 */
@Injectable()
export class PhoneSimulationService {
  private readonly logger = new Logger('PhoneSimulation');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly simulated: SimulatedTwilio,
    private readonly accounts: TwilioAccountService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async state(actor: Actor): Promise<PhoneSimulationState> {
    if (!phoneSimulationAllowed(this.config)) return { available: false, enabled: false, accountSid: null };
    const accountSid = await this.accounts.simulatedAccountSid(actor.organizationId);
    if (accountSid) await this.simulated.started();
    return { available: true, enabled: accountSid !== null, accountSid };
  }

  async set(actor: Actor, dto: SetPhoneSimulationDto): Promise<PhoneSimulationState> {
    this.assertAllowed();
    if (dto.enabled) await this.accounts.startSimulation(actor, await this.simulated.accountFor(actor.organizationId));
    else await this.accounts.endSimulation(actor);
    return this.state(actor);
  }

  /** The simulated caller rings the number and leaves a voicemail; answers once every webhook took it. */
  async call(actor: Actor, dto: SimulateCallDto): Promise<{ callSid: string; recordingSid: string }> {
    this.assertAllowed();
    const accountSid = await this.accounts.simulatedAccountSid(actor.organizationId);
    if (!accountSid) throw new SimulationOffError();
    const number = await this.em.getRepository(BrandPhoneNumber).ofOrganization(actor.organizationId, dto.number_id);
    if (!number) throw new PhoneNumberNotFoundError();
    const fake = await this.simulated.started();
    if (fake.numberByPhone(number.phoneNumber)?.accountSid !== accountSid) throw new NumberNotSimulatedError();
    try {
      return await simulateCall(
        {
          to: number.phoneNumber,
          from: dto.from,
          seconds: dto.seconds ?? 10,
          transcript: dto.transcript || SIMULATION_DEFAULT_TRANSCRIPT,
          app: this.ownOrigin(),
          publicUrl: this.config.publicBaseUrl,
          twilio: fake.url,
        },
        (line) => this.logger.log(line),
      );
    } catch (error) {
      throw new SimulatedCallFailedError((error as Error).message);
    }
  }

  private assertAllowed(): void {
    if (!phoneSimulationAllowed(this.config)) throw new SimulationUnavailableError();
  }

  /** Where this process answers HTTP, on the loopback (the webhooks are posted to it). */
  private ownOrigin(): string {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    const address = server.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') throw new SimulatedCallFailedError('the app is not listening on a TCP port');
    return `http://127.0.0.1:${address.port}`;
  }
}
