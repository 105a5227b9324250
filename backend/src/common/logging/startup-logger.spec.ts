import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { StartupLogger } from './startup-logger.js';

describe('StartupLogger', () => {
  afterEach(() => {
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
    jest.restoreAllMocks();
  });

  function printed(): string[] {
    const lines: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    return lines;
  }

  it("drops the framework's per-module and per-route lines, and keeps the app's lines and every warning", () => {
    const lines = printed();
    Logger.overrideLogger(new StartupLogger());
    new Logger('RouterExplorer').log('Mapped {/api/tickets, GET} route');
    new Logger('RoutesResolver').log('TicketsController {/api/tickets}:');
    new Logger('InstanceLoader').log('AppModule dependencies initialized');
    Logger.log('Nest application successfully started', 'NestApplication');
    new Logger('Main').log('Starting embedded PostgreSQL');
    new Logger('RouterExplorer').warn('a route conflicts');
    new Logger('InstanceLoader').error('a module failed');
    const text = lines.join('');
    expect(text).not.toMatch(/Mapped|TicketsController|dependencies initialized|successfully started/);
    expect(text).toContain('Starting embedded PostgreSQL');
    expect(text).toContain('a route conflicts');
    expect(text).toContain('a module failed');
  });
});
