import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Actor, CurrentActor } from '../auth/actor.js';
import { LiveHub } from './live-hub.js';

const HEARTBEAT_MS = 25_000;

@ApiTags('events')
@ApiCookieAuth()
@Controller('events')
export class LiveController {
  constructor(private readonly hub: LiveHub) {}

  @Get('stream')
  @ApiOperation({
    summary: "Server-sent events for the signed-in user's open tabs",
    description:
      'Events: `notification` (a new notification, with `unread_count`), `browser` (show a system notification: ' +
      '`title`, `body`, `url`), `unread_count` (`{ count }`, after reads and deletes). Comments keep the connection alive.',
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'An endless text/event-stream' })
  stream(@CurrentActor() actor: Actor, @Req() req: Request, @Res() res: Response): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.write('retry: 3000\n: connected\n\n');
    const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    const unsubscribe = this.hub.subscribe(actor.organizationId, actor.id, send, close);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  }
}
