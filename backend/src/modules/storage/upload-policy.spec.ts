import { describe, expect, it } from '@jest/globals';
import { policyViolation, safeFileName } from './upload-policy.js';

const greeting = (filename: string, type: string, size: number) => policyViolation({ purpose: 'greeting_audio', filename, type, size })?.message ?? null;

describe('greeting audio policy', () => {
  it('accepts MP3 and WAV files up to 5242880 bytes', () => {
    expect(greeting('hello.mp3', 'audio/mpeg', 1000)).toBeNull();
    expect(greeting('Hello.WAV', 'audio/wav', 5_242_880)).toBeNull();
    expect(greeting('hello.wav', 'audio/x-wav', 10)).toBeNull();
  });

  it('refuses other types, and a type that does not match the extension', () => {
    expect(greeting('notes.txt', 'text/plain', 10)).toBe('Only MP3 or WAV audio files can be uploaded');
    expect(greeting('page.mp3', 'text/html', 10)).toBe('Only MP3 or WAV audio files can be uploaded');
    expect(greeting('song.wav', 'audio/mpeg', 10)).toBe('Only MP3 or WAV audio files can be uploaded');
    expect(greeting('noextension', 'audio/mpeg', 10)).toBe('Only MP3 or WAV audio files can be uploaded');
  });

  it('refuses empty files and files over 5 MB', () => {
    expect(greeting('a.mp3', 'audio/mpeg', 0)).toBe('File data is empty');
    expect(greeting('a.mp3', 'audio/mpeg', 5_242_881)).toBe('The audio file must be 5 MB (5242880 bytes) or smaller');
  });
});

describe('safeFileName', () => {
  it('keeps plain names and drops directories', () => {
    expect(safeFileName('greeting.mp3')).toBe('greeting.mp3');
    expect(safeFileName('C:\\Users\\me\\greeting.wav')).toBe('greeting.wav');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
  });

  it('replaces spaces, accents and symbols, and never starts with a dot', () => {
    expect(safeFileName('Mon accueil été (v2).mp3')).toBe('Mon-accueil-ete-v2.mp3');
    expect(safeFileName('.hidden.wav')).toBe('hidden.wav');
    expect(safeFileName('???')).toBe('file');
    expect(safeFileName('.mp3')).toBe('mp3');
  });

  it('shortens long names to 100 characters and keeps the extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.wav`);
    expect(name).toHaveLength(100);
    expect(name.endsWith('.wav')).toBe(true);
  });
});
