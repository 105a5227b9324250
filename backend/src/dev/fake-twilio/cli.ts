import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../../config/config.js';
import { FakeTwilio, type FakeTwilioState } from './fake-twilio.js';

/**
 * `npm run fake:twilio [-- --port 4010]`: the fake Twilio for offline use. Its accounts, numbers
 * and recordings are kept in DATA_DIR/fake-twilio.json so a restart keeps what the app bought.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.FAKE_TWILIO_PORT ?? '4010' } } });
  const port = Number(values.port);
  const file = join(resolve(REPO_ROOT, process.env.DATA_DIR || '.data'), 'fake-twilio.json');
  const state = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FakeTwilioState) : undefined;

  const fake = await FakeTwilio.start({ port, host: '127.0.0.1', state });
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(fake.state(), null, 2), { mode: 0o600 });
  };
  fake.onChange = save;
  const account = [...fake.accounts.values()].find((a) => !a.ownerAccountSid) ?? fake.addAccount({ friendlyName: 'Offline account' });
  save();

  console.log(`Fake Twilio listening on ${fake.url} (state in ${file})

Start the app against it:
  TWILIO_API_BASE_URL=${fake.url} npm start

Then in Settings → Phone Setup connect this account:
  Account SID: ${account.sid}
  Auth Token:  ${account.authToken}

Buy or import a number, then ring it:
  npm run simulate:call -- --to <that number> --from +15125550123 --seconds 12 --transcript "My jack leaks oil"
`);

  const stop = () => void fake.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
