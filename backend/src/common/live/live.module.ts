import { Global, Module } from '@nestjs/common';
import { LiveController } from './live.controller.js';
import { SessionCache } from '../auth/session-cache.js';
import { LiveHub } from './live-hub.js';

/**
 * The live stream (`GET /api/events/stream`) and its cross-instance hub, for every module; and the
 * session cache, whose invalidations arrive on the hub's LISTEN connection.
 */
@Global()
@Module({
  controllers: [LiveController],
  providers: [LiveHub, SessionCache],
  exports: [LiveHub, SessionCache],
})
export class LiveModule {}
