import { describe, expect, it } from 'vitest';
import { callFailureTitle, callParty, checkImport, checkLauncher, greetingPayload, isLauncherPhone, monthlyCostText, purchaseConfirmText, shortTicketId, voicemailMaxLength, type GreetingValues } from './phoneSystem';

const base = { from: '+15125550100', to: '(512) 555-0123', method: 'computer' as const, otherPhone: '', profilePhone: null };

describe('checkLauncher', () => {
  it('needs the provider and customer numbers', () => {
    expect(checkLauncher({ ...base, to: ' ' })).toEqual({ problem: { title: 'Missing information', description: 'Please fill in all required fields' } });
    expect(checkLauncher({ ...base, from: '' })).toMatchObject({ problem: { title: 'Missing information' } });
  });
  it('rejects a customer number that is not E.164-like', () => {
    expect(checkLauncher({ ...base, to: '0123' })).toMatchObject({ problem: { title: 'Invalid customer number' } });
  });
  it('strips punctuation and sends computer for the browser', () => {
    expect(checkLauncher(base)).toEqual({ agentPhone: 'computer', to: '5125550123', from: '+15125550100' });
  });
  it('needs a profile phone for My phone and a value for Other number', () => {
    expect(checkLauncher({ ...base, method: 'profile' })).toMatchObject({ problem: { title: 'Missing phone number' } });
    expect(checkLauncher({ ...base, method: 'profile', profilePhone: '+1 512 555 0199' })).toMatchObject({ agentPhone: '+15125550199' });
    expect(checkLauncher({ ...base, method: 'other' })).toMatchObject({ problem: { title: 'Missing agent phone' } });
    expect(checkLauncher({ ...base, method: 'other', otherPhone: 'abc' })).toMatchObject({ problem: { title: 'Invalid agent phone' } });
  });
  it('accepts 2 to 15 digits', () => {
    expect(isLauncherPhone('12')).toBe(true);
    expect(isLauncherPhone('1')).toBe(false);
    expect(isLauncherPhone('+1234567890123456')).toBe(false);
  });
});

describe('voicemailMaxLength', () => {
  it.each([['', 120], ['abc', 120], ['29', 120], ['301', 120], ['30', 30], ['300', 300], [' 90 ', 90]])('%s -> %d', (value, expected) => {
    expect(voicemailMaxLength(value)).toBe(expected);
  });
});

describe('greetingPayload', () => {
  const values: GreetingValues = {
    greeting_type: 'default',
    greeting_text: 'Hello',
    greeting_audio_url: '/objects/uploads/a.wav',
    greeting_audio_filename: 'a.wav',
    tts_voice: 'alice',
    voicemail_max_length: '',
    enable_transcription: true,
  };
  it('sends only the chosen type’s fields', () => {
    expect(greetingPayload(values)).toEqual({ greeting_type: 'default', tts_voice: 'alice', voicemail_max_length: 120, enable_transcription: true });
    expect(greetingPayload({ ...values, greeting_type: 'text_to_speech' })).not.toHaveProperty('greeting_audio_url');
    expect(greetingPayload({ ...values, greeting_type: 'text_to_speech' })).toHaveProperty('greeting_text', 'Hello');
    expect(greetingPayload({ ...values, greeting_type: 'audio_file' })).not.toHaveProperty('greeting_text');
  });
});

describe('checkImport and shortTicketId', () => {
  it('needs both fields, then E.164', () => {
    expect(checkImport('', 'Acme')).toBe('Please provide both phone number and brand');
    expect(checkImport('5125550100', 'Acme')).toBe('Please use E.164 format (e.g., +15551234567)');
    expect(checkImport('+15125550100', 'Acme')).toBeNull();
  });
  it('uppercases the first 8 characters', () => {
    expect(shortTicketId('9b1cabcd-1234')).toBe('9B1CABCD');
  });
});

describe('callParty', () => {
  it('is the caller of a voicemail and the dialled customer of an outbound call', () => {
    expect(callParty({ call_type: 'voicemail', from_phone: '+1512', to_phone: '+1999', caller_name: null })).toBe('+1512');
    expect(callParty({ call_type: 'call', from_phone: '+1512', to_phone: '+1999', caller_name: null })).toBe('+1999');
    expect(callParty({ call_type: 'call', from_phone: null, to_phone: null, caller_name: 'MARIA G' })).toBe('MARIA G');
  });
});

describe('callFailureTitle', () => {
  it('names the agent phone when the server refuses it', () => {
    expect(callFailureTitle({ status: 400, body: { code: 'phone_numbers.invalid_agent_phone' } })).toBe('Invalid agent phone');
  });
  it('is "Call failed" otherwise', () => {
    expect(callFailureTitle({ status: 502, body: { error: 'Could not initiate the call' } })).toBe('Call failed');
    expect(callFailureTitle(new Error('offline'))).toBe('Call failed');
  });
});

describe('purchaseConfirmText', () => {
  it('names the number, its place, the brand and Twilio’s monthly price', () => {
    expect(purchaseConfirmText({ phoneNumber: '+15125550100', locality: 'Austin', region: 'TX', monthlyPrice: '1.15', priceUnit: 'USD' }, 'Acme')).toBe(
      'Buy +15125550100 (Austin, TX) for Acme? It costs $1.15 a month on your Twilio account.',
    );
    expect(monthlyCostText('1', 'GBP')).toBe('£1.00 a month');
  });

  it('says so when Twilio gave no price', () => {
    expect(purchaseConfirmText({ phoneNumber: '+442071234567', monthlyPrice: null, priceUnit: null }, 'Zeta')).toBe(
      'Buy +442071234567 for Zeta? Twilio did not give its price: see your Twilio console for what it costs.',
    );
    expect(monthlyCostText('', 'USD')).toBeNull();
  });
});
