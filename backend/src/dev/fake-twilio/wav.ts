/**
 * A real, playable WAV file: 8 kHz, 16-bit, mono PCM (what a phone recording sounds like), holding
 * a soft 440 Hz tone with short fades so it does not click.
 */
export function toneWav(seconds: number, frequency = 440): Buffer {
  const sampleRate = 8000;
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const fade = Math.min(400, Math.floor(samples / 2));
  for (let i = 0; i < samples; i += 1) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000 * envelope);
    wav.writeInt16LE(value, 44 + i * 2);
  }
  return wav;
}
