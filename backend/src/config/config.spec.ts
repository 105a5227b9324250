import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, httpProcessConfig, jobProcessConfig, jobsInOwnProcess, loadConfig, ormPoolSize } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'wcrm-config-'));

describe('loadConfig', () => {
  it('stops a production boot without APP_SECRET with a message that names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/APP_SECRET is required in production/);
  });

  it('generates a secret once in the embedded default and keeps it under DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8')).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
  });

  it('uses the embedded database and seeds demo data only when DATABASE_URL is unset', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir() });
    expect(embedded.databaseUrl).toBeUndefined();
    expect(embedded.seedDemo).toBe(true);
    const external = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db:5432/crm' });
    expect(external.databaseUrl).toBe('postgres://u:p@db:5432/crm');
    expect(external.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/crm', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it("gives the job worker's transactions connections of their own beside the requests' (DB_POOL_SIZE)", () => {
    expect(ormPoolSize(loadConfig({ DATA_DIR: dataDir() }))).toBe(14);
    expect(ormPoolSize(loadConfig({ DATA_DIR: dataDir(), DB_POOL_SIZE: '20', JOBS_CONCURRENCY: '8' }))).toBe(28);
    expect(ormPoolSize(loadConfig({ DATA_DIR: dataDir(), JOBS_WORKER: 'false' }))).toBe(10);
  });

  it('serves from a process per core and works the queue in one more at nice 19 in production without the demo (the phone simulation needs one process)', () => {
    const secret = 'x'.repeat(40);
    const production = loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/crm' });
    expect(production.jobs).toMatchObject({ separateProcess: true, nice: 19 });
    expect(production.webConcurrency).toBe(Math.min(availableParallelism(), 64));
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/crm', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir() }).webConcurrency).toBe(1); // the demo is seeded
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/crm' }).webConcurrency).toBe(1);
    expect(jobsInOwnProcess(production)).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir() }).jobs.separateProcess).toBe(false); // the demo is seeded
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/crm' }).jobs.separateProcess).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), JOBS_SEPARATE_PROCESS: 'true', JOBS_NICE: '5' }).jobs).toMatchObject({ separateProcess: true, nice: 5 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), JOBS_NICE: '20' })).toThrow(ConfigError);
    // no worker at all (JOBS_WORKER=false): no job process either
    expect(jobsInOwnProcess(loadConfig({ DATA_DIR: dataDir(), JOBS_SEPARATE_PROCESS: 'true', JOBS_WORKER: 'false' }))).toBe(false);

    // the HTTP server only enqueues; the job process has a pool for its jobs and leaves the inbound SMTP port alone
    const apart = loadConfig({ DATA_DIR: dataDir(), JOBS_SEPARATE_PROCESS: 'true', INBOUND_SMTP_PORT: '2525' });
    expect(httpProcessConfig(apart).jobs.worker).toBe(false);
    expect(httpProcessConfig(apart).inboundEmail.smtpPort).toBe(2525);
    expect(jobProcessConfig(apart)).toMatchObject({ dbPoolSize: 2, jobs: { worker: true }, inboundEmail: { smtpPort: undefined } });
    expect(ormPoolSize(jobProcessConfig(apart))).toBe(6);
    const together = loadConfig({ DATA_DIR: dataDir() });
    expect(httpProcessConfig(together)).toBe(together);
  });

  it('marks cookies Secure in production and not in development', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: dataDir() }).session.secure).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir() }).session.secure).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer between 0 and 65535/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres: or postgresql:/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be a URL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ LOG_LEVEL: 'trace' }, /LOG_LEVEL must be one of error, warn, log, debug, verbose/],
    [{ APP_SECRET: 'short' }, /APP_SECRET must be at least 32 characters/],
    [{ SESSION_SECURE: 'maybe' }, /SESSION_SECURE must be true or false/],
    [{ SESSION_MAX_AGE_HOURS: '0' }, /SESSION_MAX_AGE_HOURS must be an integer/],
    [{ S3_REGION: 'eu-west-1' }, /S3_REGION is set but S3_BUCKET is not/],
    [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET must be a valid bucket name/],
    [{ S3_BUCKET: 'uploads', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must start with http: or https:/],
    [{ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/],
    [{ S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ TWILIO_API_BASE_URL: 'ftp://127.0.0.1:4010' }, /TWILIO_API_BASE_URL must start with http: or https:/],
    [{ TWILIO_API_BASE_URL: 'http://127.0.0.1:4010/twilio' }, /TWILIO_API_BASE_URL must be an origin without a path/],
    [{ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 't' }, /TWILIO_ACCOUNT_SID must be "AC" followed by 32 hexadecimal/],
    [{ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` }, /TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('stores uploads on local disk by default and in S3 when S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        S3_BUCKET: 'crm-uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'crm-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('reads the optional Twilio base URL and platform account', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).twilio).toEqual({ apiBaseUrl: undefined, accountSid: undefined, authToken: undefined });
    const sid = `AC${'0'.repeat(32)}`;
    const twilio = loadConfig({ DATA_DIR: dataDir(), TWILIO_API_BASE_URL: 'http://127.0.0.1:4010/', TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'tok' }).twilio;
    expect(twilio).toEqual({ apiBaseUrl: 'http://127.0.0.1:4010', accountSid: sid, authToken: 'tok' });
  });

  it('logs at the log level unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).logLevel).toBe('log');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('defaults PUBLIC_BASE_URL to the port on localhost', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4321' }).publicBaseUrl).toBe('http://localhost:4321');
  });

  it('points the Retell SDK at RETELL_API_BASE_URL when given, and names a bad value', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).retell.apiBaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), RETELL_API_BASE_URL: 'http://127.0.0.1:4555/' }).retell.apiBaseUrl).toBe('http://127.0.0.1:4555');
    expect(() => loadConfig({ DATA_DIR: dataDir(), RETELL_API_BASE_URL: 'ftp://x' })).toThrow('RETELL_API_BASE_URL must start with http: or https:');
  });
});
