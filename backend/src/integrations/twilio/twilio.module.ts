import { Module } from '@nestjs/common';
import { TwilioClients } from './twilio-clients.js';

/** The Twilio SDK client factory, for every module that talks to Twilio. */
@Module({
  providers: [TwilioClients],
  exports: [TwilioClients],
})
export class TwilioModule {}
