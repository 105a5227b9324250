import { RedactingLogger } from './logger.js';

/**
 * Nest's own start-up chatter at `log` level: one line per module (InstanceLoader), per controller
 * (RoutesResolver) and per route (RouterExplorer, ~180 of them), and the framework's "starting" /
 * "started" lines. The API's routes are in the OpenAPI document at /api/docs.
 */
export const STARTUP_NOISE_CONTEXTS: ReadonlySet<string> = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/**
 * The app's logger (issue 34, "the start-up log is short"): the redacting logger (issue 35: no
 * personal data or secret in a line), with the `log`-level lines of the framework's start-up
 * contexts (STARTUP_NOISE_CONTEXTS) dropped. Their warnings and errors, and every line of the app's
 * own contexts, are kept.
 */
export class StartupLogger extends RedactingLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    if (STARTUP_NOISE_CONTEXTS.has(contextOf(optionalParams) ?? this.context ?? '')) return;
    super.log(message, ...optionalParams);
  }
}

/** Nest passes the context as the last parameter of a log call. */
function contextOf(optionalParams: unknown[]): string | undefined {
  const last = optionalParams.at(-1);
  return typeof last === 'string' ? last : undefined;
}
