import { Global, Module } from '@nestjs/common';
import { LiveController } from './live.controller.js';
import { LiveHub } from './live-hub.js';

/** The live stream (`GET /api/events/stream`) and its cross-instance hub, for every module. */
@Global()
@Module({
  controllers: [LiveController],
  providers: [LiveHub],
  exports: [LiveHub],
})
export class LiveModule {}
