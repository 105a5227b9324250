import { parseArgs } from 'node:util';
import { simulateCall, USAGE } from './simulate-call.js';

/** `npm run simulate:call -- --to <our number> --from <caller> [--seconds N] [--transcript "..."]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      transcript: { type: 'string' },
      'caller-name': { type: 'string' },
      app: { type: 'string', default: process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}` },
      'public-url': { type: 'string' },
      twilio: { type: 'string', default: process.env.TWILIO_API_BASE_URL ?? 'http://127.0.0.1:4010' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.to || !values.from) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  await simulateCall({
    to: values.to!,
    from: values.from!,
    seconds: Number(values.seconds) || 10,
    transcript: values.transcript,
    callerName: values['caller-name'],
    app: values.app!,
    publicUrl: values['public-url'],
    twilio: values.twilio!,
  });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
