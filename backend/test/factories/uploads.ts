import type TestAgent from 'supertest/lib/agent.js';

/** A small but real WAV file: a RIFF header and `samples` bytes of 8-bit mono silence. */
export function wavBytes(samples = 64): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

export interface UploadParameters {
  uploadURL: string;
  method: 'PUT';
  headers: Record<string, string>;
  objectPath: string;
}

export async function requestUpload(agent: TestAgent, bytes: Buffer, filename = 'greeting.wav', type = 'audio/wav'): Promise<UploadParameters> {
  const res = await agent.post('/api/objects/upload').send({ filename, type, size: bytes.length });
  if (res.status !== 200) throw new Error(`upload URL refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as UploadParameters;
}
