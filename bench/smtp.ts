/**
 * Messages a second through one organization's pooled SMTP transport (10 connections, as
 * SMTP_POOL_CONNECTIONS) to a real SMTP server on 127.0.0.1 in another process, with nodemailer's
 * own sockets and with the app's (connectWithoutDelay: Nagle's algorithm off), interleaved, in one run.
 *
 *   npm run build -w backend && npm run bench:smtp -- [--messages 2000 --runs 3]
 */
import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { connectWithoutDelay, SMTP_POOL_CONNECTIONS } from '../backend/dist/modules/mail/organization-mailer.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '2000' }, runs: { type: 'string', default: '3' }, server: { type: 'boolean', default: false } } });

if (values.server) {
  // The receiving end, in its own process as a real server would be: counts each message it takes.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  smtp.listen(0, '127.0.0.1', () => process.send!({ port: (smtp.server.address() as { port: number }).port }));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['--server'], { execArgv: ['--experimental-strip-types', '--no-warnings'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const MESSAGES = Number(values.messages);
  const body = 'A new ticket was created: WC-000042, IronJack 3-ton floor jack, leaking oil.\n'.repeat(12);

  async function run(withoutDelay: boolean): Promise<number> {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1', port, secure: false, pool: true, maxConnections: SMTP_POOL_CONNECTIONS,
      ...(withoutDelay ? { getSocket: connectWithoutDelay } : {}),
    } as never);
    const t0 = performance.now();
    let next = 0;
    // As the delivery batches do: as many messages in flight as the pool has connections.
    await Promise.all(Array.from({ length: SMTP_POOL_CONNECTIONS }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        await transport.sendMail({ from: 'crm@jacks.example.com', to: `agent${i}@jacks.example.com`, subject: `New ticket ${i}`, text: body, html: `<pre>${body}</pre>` });
      }
    }));
    const perSecond = MESSAGES / ((performance.now() - t0) / 1000);
    transport.close();
    return perSecond;
  }

  const before = loadavg();
  const rows: string[] = [];
  for (let r = 1; r <= Number(values.runs); r++) {
    const own = await run(false);
    const app = await run(true);
    rows.push(`| ${r} | ${own.toFixed(0)} | ${app.toFixed(0)} | ${(app / own).toFixed(2)} |`);
  }
  child.kill();
  console.log(`${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}, load average ${before.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${MESSAGES} messages over ${SMTP_POOL_CONNECTIONS} pooled connections, messages/s\n`);
  console.log('| run | nodemailer\'s socket | connectWithoutDelay | ratio |\n|---|---|---|---|');
  console.log(rows.join('\n'));
}
