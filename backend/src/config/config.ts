import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (backend/src/config -> ../../..); compiled code sits in backend/dist/config. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export type NodeEnv = 'development' | 'production' | 'test';

/** LOG_LEVEL's values, least to most verbose. */
export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type AppLogLevel = (typeof LOG_LEVELS)[number];

export interface RetellConfig {
  /** Origin the Retell SDK calls instead of https://api.retellai.com (a fake in tests), or unset. */
  apiBaseUrl?: string;
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  /** LOG_LEVEL: how much the app writes (every line redacted, common/logging); `debug` adds a line per request and MikroORM's SQL without its values. */
  logLevel: AppLogLevel;
  port: number;
  host: string;
  /**
   * HTTP server processes (node:cluster workers) sharing the port; 1 serves in the main process. One per
   * core by default in production without the demo (its phone simulation needs one process), else 1.
   */
  webConcurrency: number;
  /** Set when an external PostgreSQL is used; unset means the embedded server. */
  databaseUrl?: string;
  /**
   * Connections of an instance's pool for its requests (MikroORM's); the job worker's transactions
   * get JOBS_CONCURRENCY more, so a busy queue and busy screens do not wait for each other's.
   */
  dbPoolSize: number;
  dataDir: string;
  appSecret: string;
  publicBaseUrl: string;
  session: {
    cookieName: string;
    maxAgeMs: number;
    secure: boolean;
  };
  login: {
    maxFailures: number;
    lockMinutes: number;
  };
  embeddedPostgresPort: number;
  seedDemo: boolean;
  trustProxy: boolean;
  adminDistDir: string;
  retell: RetellConfig;
  jobs: {
    /** Whether this instance works the queue (false: it only enqueues). */
    worker: boolean;
    concurrency: number;
    /** Attempts before a job is kept as failed; retries back off exponentially (e^attempt seconds). */
    maxAttempts: number;
    pollIntervalMs: number;
    /** A worker silent this long is dead: the jobs it had locked are released to the others. */
    deadWorkerSeconds: number;
    /**
     * JOBS_SEPARATE_PROCESS: the queue is worked by a process of its own beside the HTTP server(s), at
     * the lowest CPU priority (JOBS_NICE), so that deliveries and schedules use the CPU the requests
     * leave and never delay a request (bench/README.md: p99 under 200 sessions). On by default in
     * production without the demo organization; elsewhere the built-in phone simulation, whose
     * simulated Twilio lives in one process, needs the queue in that process.
     */
    separateProcess: boolean;
    /** The job process's niceness (0 as the HTTP server, 19 the lowest priority). */
    nice: number;
  };
  /** The daily backup of an instance on the embedded PostgreSQL (npm run backup, on a schedule). */
  backup: {
    daily: boolean;
    /** Where the archives go (default: `<DATA_DIR>-backups`). */
    dir: string;
    /** Archives kept; older ones are deleted after each new one. */
    keep: number;
  };
  /** Uploaded files: S3-compatible storage when set, else local disk under DATA_DIR. */
  s3?: S3Config;
  twilio: TwilioConfig;
  inboundEmail: InboundEmailConfig;
}

/** The SMTP receiver for inbound e-mail (issue 29): off unless INBOUND_SMTP_PORT is set. */
export interface InboundEmailConfig {
  /** The port it listens on (0: any free port, as the tests use); unset: no receiver. */
  smtpPort?: number;
  smtpHost: string;
  /** The largest message accepted, in bytes (announced with SIZE; a bigger one is refused). */
  maxBytes: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); unset means AWS. */
  endpoint?: string;
  /** Both or neither; neither means the SDK's default credential chain (IAM role, env, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export interface TwilioConfig {
  /** Origin every Twilio REST request goes to instead of Twilio's hosts (a fake in tests), or unset. */
  apiBaseUrl?: string;
  /** The platform (main) account that creates organizations' subaccounts; both or neither. */
  accountSid?: string;
  authToken?: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')} (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

function retellConfig(env: Env): RetellConfig {
  const apiBaseUrl = env.RETELL_API_BASE_URL ? url(env, 'RETELL_API_BASE_URL', '', ['http:', 'https:']) : undefined;
  return { apiBaseUrl };
}

/**
 * The secret that signs cookies and derives encryption keys. Production requires it from the
 * environment; elsewhere one is generated once and kept under DATA_DIR so restarts keep sessions.
 */
function resolveAppSecret(env: Env, nodeEnv: NodeEnv, dataDir: string): string {
  const given = env.APP_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('APP_SECRET must be at least 32 characters long');
    return given;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'APP_SECRET is required in production: set it to a random string of at least 32 characters ' +
        '(for example the output of `openssl rand -hex 32`)',
    );
  }
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const S3_NAMES = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** S3 storage when S3_BUCKET is set; the other S3_* settings alone are a mistake worth stopping for. */
function s3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) {
    const stray = S3_NAMES.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3`);
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a valid bucket name (got "${bucket}")`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left unset)');
  }
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT ? url(env, 'S3_ENDPOINT', '', ['http:', 'https:']) : undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

function inboundEmailConfig(env: Env): InboundEmailConfig {
  const port = env.INBOUND_SMTP_PORT;
  return {
    smtpPort: port === undefined || port === '' ? undefined : int(env, 'INBOUND_SMTP_PORT', 0, 0, 65535),
    smtpHost: env.INBOUND_SMTP_HOST || '127.0.0.1',
    maxBytes: int(env, 'INBOUND_EMAIL_MAX_MB', 25, 1, 100) * 1024 * 1024,
  };
}

function twilioConfig(env: Env): TwilioConfig {
  const apiBaseUrl = env.TWILIO_API_BASE_URL ? url(env, 'TWILIO_API_BASE_URL', '', ['http:', 'https:']) : undefined;
  if (apiBaseUrl && new URL(apiBaseUrl).pathname !== '/') {
    throw new ConfigError(`TWILIO_API_BASE_URL must be an origin without a path (got "${env.TWILIO_API_BASE_URL}")`);
  }
  const accountSid = env.TWILIO_ACCOUNT_SID || undefined;
  const authToken = env.TWILIO_AUTH_TOKEN || undefined;
  if (accountSid && !/^AC[0-9a-fA-F]{32}$/.test(accountSid)) {
    throw new ConfigError(`TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal characters (got "${accountSid}")`);
  }
  if (Boolean(accountSid) !== Boolean(authToken)) {
    throw new ConfigError('TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together');
  }
  return { apiBaseUrl, accountSid, authToken };
}

/**
 * Where the data lives, read without side effects (loadConfig may generate APP_SECRET into
 * DATA_DIR): what the backup and restore commands need.
 */
export function loadDataLocation(env: Env = process.env): Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'embeddedPostgresPort'> {
  return {
    dataDir: resolve(REPO_ROOT, env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL ? url(env, 'DATABASE_URL', '', ['postgres:', 'postgresql:']) : undefined,
    embeddedPostgresPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
  };
}

/** Reads and validates the environment once; a bad value throws a ConfigError that names it. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnvRaw = env.NODE_ENV || 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const port = int(env, 'PORT', 3000, 0, 65535);
  const { dataDir, databaseUrl, embeddedPostgresPort } = loadDataLocation(env);
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const sessionHours = int(env, 'SESSION_MAX_AGE_HOURS', 24 * 7, 1, 24 * 365);
  const seedDemo = bool(env, 'SEED_DEMO', !databaseUrl);
  // Without the phone simulation: an HTTP process per core and the job queue in one more of its own. The
  // simulation keeps its simulated Twilio in the one process that serves and works the queue.
  const onePerCore = !phoneSimulationAllowed({ nodeEnv, seedDemo });

  return {
    nodeEnv,
    logLevel: logLevel(env),
    port,
    host: env.HOST || '0.0.0.0',
    webConcurrency: int(env, 'WEB_CONCURRENCY', onePerCore ? Math.min(availableParallelism(), 64) : 1, 1, 64),
    databaseUrl,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10, 2, 500),
    dataDir,
    appSecret: resolveAppSecret(env, nodeEnv, dataDir),
    publicBaseUrl,
    session: {
      cookieName: env.SESSION_COOKIE_NAME || 'wcrm.sid',
      maxAgeMs: sessionHours * 3600 * 1000,
      secure: bool(env, 'SESSION_SECURE', nodeEnv === 'production'),
    },
    login: {
      maxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
      lockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15, 1, 24 * 60),
    },
    embeddedPostgresPort,
    seedDemo,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    adminDistDir: resolve(REPO_ROOT, env.ADMIN_DIST_DIR || 'admin/dist'),
    retell: retellConfig(env),
    jobs: {
      worker: bool(env, 'JOBS_WORKER', true),
      concurrency: int(env, 'JOBS_CONCURRENCY', 4, 1, 100),
      maxAttempts: int(env, 'JOBS_MAX_ATTEMPTS', 10, 1, 25),
      pollIntervalMs: int(env, 'JOBS_POLL_INTERVAL_MS', 2000, 100, 60_000),
      deadWorkerSeconds: int(env, 'JOBS_DEAD_WORKER_SECONDS', 20, 2, 3600),
      separateProcess: bool(env, 'JOBS_SEPARATE_PROCESS', onePerCore),
      nice: int(env, 'JOBS_NICE', 19, 0, 19),
    },
    backup: {
      daily: bool(env, 'BACKUP_DAILY', false),
      dir: resolve(REPO_ROOT, env.BACKUP_DIR || `${dataDir}-backups`),
      keep: int(env, 'BACKUP_KEEP', 7, 1, 365),
    },
    s3: s3Config(env),
    twilio: twilioConfig(env),
    inboundEmail: inboundEmailConfig(env),
  };
}

function logLevel(env: Env): AppLogLevel {
  const raw = env.LOG_LEVEL || 'log';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  }
  return raw as AppLogLevel;
}

/** Development, or a deployment that seeds the demo organization: where the built-in phone simulation may run. */
export function phoneSimulationAllowed(config: Pick<AppConfig, 'nodeEnv' | 'seedDemo'>): boolean {
  return config.nodeEnv !== 'production' || config.seedDemo;
}

/** Whether this instance works its queue in a process of its own (JOBS_SEPARATE_PROCESS, and a worker at all). */
export function jobsInOwnProcess(config: Pick<AppConfig, 'jobs'>): boolean {
  return config.jobs.worker && config.jobs.separateProcess;
}

/** An HTTP server's configuration: without the job worker when the queue has its own process. */
export function httpProcessConfig(config: AppConfig): AppConfig {
  return jobsInOwnProcess(config) ? { ...config, jobs: { ...config.jobs, worker: false } } : config;
}

/**
 * The job process's configuration: the worker, a pool for its jobs alone (it serves no request) and
 * no inbound SMTP receiver (the HTTP server has the port).
 */
export function jobProcessConfig(config: AppConfig): AppConfig {
  return { ...config, dbPoolSize: 2, inboundEmail: { ...config.inboundEmail, smtpPort: undefined } };
}

/** MikroORM's pool: DB_POOL_SIZE for the requests, plus one connection per job the worker runs at once. */
export function ormPoolSize(config: Pick<AppConfig, 'dbPoolSize' | 'jobs'>): number {
  return config.dbPoolSize + (config.jobs.worker ? config.jobs.concurrency : 0);
}

export const APP_CONFIG = Symbol('APP_CONFIG');
