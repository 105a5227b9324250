import { describe, expect, it } from '@jest/globals';
import type { NotedVoicemail } from './call-log.repository.js';
import { addsToVoicemail, type VoicemailFacts } from './voicemail-recorder.service.js';

/** What the Record action brought, and the row it wrote. */
const call = {
  fromPhone: '+15125550142',
  toPhone: '+14155550100',
  callerName: 'MARIA GONZALEZ',
  recordingSid: 'RE1',
  recordingUrl: 'https://api.twilio.com/RE1',
  recordingDuration: 12,
};
const noted: NotedVoicemail = { ...call, brandPhoneId: 'b6f1c1de-0000-4000-8000-000000000001', transcription: null, transcriptionStatus: 'pending' };
/** The recording status callback that follows it, with the same facts. */
const repeat: VoicemailFacts = { ...call, callSid: 'CA1', number: async () => null, transcriptionStatus: 'pending' };

describe('whether a Twilio callback adds to the call log it names', () => {
  it('a repeat of what the row holds adds nothing', () => {
    expect(addsToVoicemail(noted, repeat)).toBe(false);
    // a field the row has keeps its first value: another value for it is no change either
    expect(addsToVoicemail(noted, { ...repeat, callerName: 'SOMEONE ELSE', number: null })).toBe(false);
  });

  it('a call with no row yet, and each fact the row lacks, adds', () => {
    expect(addsToVoicemail(null, repeat)).toBe(true);
    expect(addsToVoicemail({ ...noted, brandPhoneId: null }, repeat)).toBe(true);
    expect(addsToVoicemail({ ...noted, recordingSid: null }, repeat)).toBe(true);
    expect(addsToVoicemail({ ...noted, fromPhone: null }, repeat)).toBe(true);
    expect(addsToVoicemail(noted, { ...repeat, recordingDuration: 13 })).toBe(true);
  });

  it('a transcription adds its text and its final status once', () => {
    const transcribed = { ...repeat, transcription: 'My jack leaks oil.', transcriptionStatus: 'completed' as const };
    expect(addsToVoicemail(noted, transcribed)).toBe(true);
    expect(addsToVoicemail({ ...noted, transcription: 'My jack leaks oil.', transcriptionStatus: 'completed' }, transcribed)).toBe(false);
    expect(addsToVoicemail(noted, { ...repeat, transcriptionStatus: 'failed' })).toBe(true);
    // a pending status never replaces one the row has
    expect(addsToVoicemail({ ...noted, transcriptionStatus: 'completed' }, repeat)).toBe(false);
    expect(addsToVoicemail({ ...noted, transcriptionStatus: null }, repeat)).toBe(true);
  });
});
