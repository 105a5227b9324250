import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A WAV file: RIFF header and `samples` bytes of 8-bit mono silence at 8 kHz. */
export function wav(samples = 8000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

/** A real SMTP server on 127.0.0.1 that keeps the raw messages it accepts. */
export async function startSmtp(): Promise<{ port: number; received: string[]; stop: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() drops the app's pooled connections after this instead of waiting 30 s for them
    closeTimeout: 500,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    stop: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}
