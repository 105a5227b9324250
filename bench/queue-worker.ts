/**
 * One worker instance of the queue benchmark, forked by bench/queue.ts: the app with the bench
 * handler and JOBS_WORKER=true, not listening on any port. It reports 'ready' once its queue
 * runner is up, sends handler start times as they happen, and stops cleanly on 'stop' (or when
 * its parent goes away).
 */
import { bootApp, flushHandled } from './queue-app.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl || !dataDir || !process.send) {
  console.error('bench/queue-worker.ts is started by bench/queue.ts');
  process.exit(1);
}

const { created } = await bootApp(databaseUrl, dataDir, true);
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await created.close().catch((error: Error) => console.error(`worker ${process.pid}: ${error.message}`));
  flushHandled();
  if (process.connected) process.send!({ type: 'stopped', pid: process.pid }, () => process.exit(0));
  else process.exit(0);
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.send({ type: 'ready', pid: process.pid });
