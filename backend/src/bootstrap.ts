import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { type DynamicModule, type INestApplication, Logger, type RawBodyRequest, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import passport from 'passport';
import pg from 'pg';
import { AppModule } from './app.module.js';
import { adminStatic, sendAdminIndex } from './common/http/admin-static.js';
import { BODY_TOO_DEEP_MESSAGE, rejectDeepJson } from './common/http/body-depth.js';
import { originCheck } from './common/http/origin-check.js';
import { StartupLogger } from './common/logging/startup-logger.js';
import { JobWorker } from './common/jobs/job-worker.js';
import { requestLog } from './common/logging/request-log.js';
import { setupOpenApi } from './common/http/openapi.js';
import { requestOrigin } from './common/http/request-origin.js';
import type { AppConfig } from './config/config.js';
import { INBOUND_EMAIL_WEBHOOK_PATH } from '@warranty-crm/contract';
import { SessionCache } from './common/auth/session-cache.js';
import { ActorSessionStore, sessionActor } from './modules/auth/session-store.js';
import { OBJECT_NOT_FOUND, ObjectNotFoundError } from './modules/storage/storage.errors.js';

export interface CreatedApp {
  app: INestApplication;
  orm: MikroORM;
  /** Closes the app and the session store's pool. */
  close(): Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open, and the `Keep-Alive: timeout=65` its answers
 * announce. Node's default, 5 s, is shorter than the idle time of what reuses connections: a load
 * balancer keeps them 60 s, and a client that reads the hint (Node's agent, which Playwright's and
 * many integrators' requests use) closes one 1 s before it runs out. A request written on a
 * connection in the instant the server closes it is reset (ECONNRESET): with 5 s, a client that
 * pauses about that long between two calls, on a loaded machine, met it. Longer than the usual 60 s,
 * so the proxy in front closes first; the headers' limit stays above it, as Node requires.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Builds the whole HTTP application on a migrated database: security headers, the Origin check,
 * sessions in PostgreSQL, passport, the API under /api, OpenAPI, and the built admin.
 */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: { logger?: false; imports?: DynamicModule['imports'] } = {},
): Promise<CreatedApp> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, options.imports), {
    // Every line through the redaction (issue 35: no e-mail, phone number or secret in a log).
    logger: options.logger ?? new StartupLogger(config.logLevel),
    bodyParser: false,
  });
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  // Uploaded files keep the spec's stored form, /objects/uploads/..., outside the API prefix.
  app.setGlobalPrefix('api', { exclude: [{ path: 'objects/uploads/*path', method: RequestMethod.GET }] });

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'"],
          'media-src': ["'self'", 'blob:', 'data:'],
          'upgrade-insecure-requests': config.nodeEnv === 'production' ? [] : null,
        },
      },
    }),
  );
  if (config.logLevel === 'debug' || config.logLevel === 'verbose') app.use(requestLog());
  app.use(originCheck(config.publicBaseUrl));
  // The nesting limit is checked on the raw bytes before parsing (MAX_BODY_DEPTH, body-depth.ts).
  const checkDepth = rejectDeepJson();
  // Retell signs the exact bytes, and a long call's analysed payload (word-level transcript) can pass 1 MB.
  app.use(
    SIGNED_RAW_BODY_ROUTES,
    express.json({
      limit: '20mb',
      verify: (req, res, buffer, encoding) => {
        checkDepth(req, res, buffer, encoding);
        keepRawBody(req, res, buffer);
      },
    }),
  );
  app.use(express.json({ limit: '1mb', verify: checkDepth }));
  // An inbound e-mail posted as a form (no attachments) carries its whole HTML body.
  app.use(INBOUND_EMAIL_WEBHOOK_PATH, express.urlencoded({ extended: false, limit: `${config.inboundEmail.maxBytes}b` }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(bodyParserErrors);

  const sessionPool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  sessionPool.on('error', (error) => Logger.warn(`Session store connection lost: ${error.message}`, 'Sessions'));
  // Sessions and passport only for the API and uploaded files: the admin's static files and the SPA
  // fallback need neither, and would otherwise read the session and the user on every asset.
  const sessionPaths = ['/api', '/objects'];
  app.use(
    sessionPaths,
    exceptProviderWebhooks(session({
      name: config.session.cookieName,
      secret: config.appSecret,
      // One query for the session and its user, then served from memory for up to 30 s (dropped on
      // every instance when either changes: session-cache.ts); the rolling expiry is written back
      // when it moved by more than 5 minutes (or a tenth of the lifetime), not on every request.
      store: new ActorSessionStore(
        sessionPool,
        { tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 },
        Math.min(5 * 60_000, config.session.maxAgeMs / 10),
        app.get(SessionCache),
      ),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.session.secure,
        maxAge: config.session.maxAgeMs,
        path: '/',
      },
    })),
  );
  app.use(sessionPaths, requestOrigin());
  app.use(sessionPaths, exceptProviderWebhooks(passport.initialize()));
  app.use(sessionPaths, exceptProviderWebhooks(sessionActor()));

  setupOpenApi(app, config);
  serveAdmin(app, config.adminDistDir, config.session.cookieName);

  await app.init();
  const server: Server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const orm = app.get<MikroORM>(MikroORM);
  return {
    app,
    orm,
    close: async () => {
      // The queue first, while everything its running jobs use is still open (JobWorker.stop).
      await app.get(JobWorker, { strict: false }).stop();
      await app.close();
      await sessionPool.end();
    },
  };
}

/**
 * The providers' callbacks (Twilio voice, recording, transcription, outbound and SMS; Retell's webhook
 * and function calls; inbound e-mail): cookieless and signed, they never read or write the session
 * store (issue 32). Not /api/webhooks itself nor /api/webhooks/{id}: the signed-in webhook settings.
 */
const PROVIDER_WEBHOOK_PATHS = ['/api/webhooks/twilio', '/api/webhooks/retell', '/api/webhooks/inbound-email', '/api/functions'];

export function isProviderWebhookPath(path: string): boolean {
  return PROVIDER_WEBHOOK_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The middleware for every request but the providers' callbacks (session and passport). */
function exceptProviderWebhooks(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => (isProviderWebhookPath(req.baseUrl + req.path) ? next() : middleware(req, res, next));
}

/** Routes whose provider signs the exact bytes of the body (Retell's `x-retell-signature`). */
const SIGNED_RAW_BODY_ROUTES = ['/api/webhooks/retell', '/api/functions'];

/** Keeps the bytes of a signed route's JSON body as `req.rawBody` (Nest's RawBodyRequest) for verification. */
function keepRawBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  (req as RawBodyRequest<Request>).rawBody = buffer;
}

/** body-parser's error types and the text each one answers. */
const BODY_ERRORS: Record<string, string> = {
  'entity.too.large': 'Request body is too large',
  'entity.too.deep': BODY_TOO_DEEP_MESSAGE,
  'charset.unsupported': 'Unsupported charset of the request body',
  'encoding.unsupported': 'Unsupported content encoding of the request body',
  'parameters.too.many': 'Too many parameters in the request body',
};

/** Unreadable, oversized or too deeply nested bodies answer in the API's error format before reaching a route. */
function bodyParserErrors(error: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction): void {
  const status = error?.status ?? 0;
  if (typeof error?.type !== 'string' || status < 400 || status >= 500) return next(error);
  const statusCode = error.type === 'entity.verify.failed' ? 400 : status;
  const message = BODY_ERRORS[error.type] ?? 'Malformed request body';
  res.status(statusCode).json({ statusCode, error: message, message });
}

/** The one route outside /api: an uploaded file (StorageController.sendObject). */
const OBJECT_ROUTE = /^\/objects\/uploads\/[^/]/;

/** The built admin at every path but the API's and uploaded files', with index.html as the SPA fallback. */
function serveAdmin(app: NestExpressApplication, distDir: string, sessionCookie: string): void {
  const index = join(distDir, 'index.html');
  const isApi = (req: Request) => req.path === '/api' || req.path.startsWith('/api/') || req.path.startsWith('/objects/');
  // The API's requests never look at the disk (a stat per request showed in the list's CPU profile).
  // Precompressed (brotli, gzip) and cached by kind: hashed files a year, HTML no-cache (admin-static.ts).
  const assets = adminStatic(distDir);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req)) return next();
    // Source maps carry the whole admin source: never published, even if a build left some behind.
    if (req.path.endsWith('.map')) {
      res.status(404).json({ statusCode: 404, error: 'Not found', message: 'Not found' });
      return;
    }
    assets(req, res, next);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Only GET /objects/uploads/<path> is a route there; anything else under /objects would end in
    // Express's own HTML page (the global prefix's JSON 404 covers /api alone).
    if (req.path.startsWith('/objects/') && !((req.method === 'GET' || req.method === 'HEAD') && OBJECT_ROUTE.test(req.path))) {
      res.status(404).json({ statusCode: 404, error: OBJECT_NOT_FOUND, message: OBJECT_NOT_FOUND, code: ObjectNotFoundError.code });
      return;
    }
    if (req.method !== 'GET' || isApi(req)) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The admin is not built yet: run `npm run build`.');
      return;
    }
    sendAdminIndex(req, res, distDir, sessionCookie);
  });
}
