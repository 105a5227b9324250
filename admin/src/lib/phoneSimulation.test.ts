import { describe, expect, it } from 'vitest';
import { SIMULATION_FROM_INVALID, SIMULATION_NUMBER_REQUIRED, SIMULATION_TRANSCRIPT_TOO_LONG } from '@warranty-crm/contract';
import { simulateCallErrors, simulateCallPayload } from './phoneSimulation';

describe('simulateCallErrors', () => {
  it('asks for a number, an E.164 caller and a message of at most 1000 characters', () => {
    expect(simulateCallErrors({ number_id: '', from: '12', transcript: 'x'.repeat(1001) })).toEqual({
      number_id: SIMULATION_NUMBER_REQUIRED,
      from: SIMULATION_FROM_INVALID,
      transcript: SIMULATION_TRANSCRIPT_TOO_LONG,
    });
    expect(simulateCallErrors({ number_id: 'n1', from: ' +15125550123 ', transcript: '' })).toEqual({});
  });
});

describe('simulateCallPayload', () => {
  it('trims the caller and leaves a blank message out', () => {
    expect(simulateCallPayload({ number_id: 'n1', from: ' +15125550123 ', transcript: '  ' })).toEqual({ number_id: 'n1', from: '+15125550123' });
    expect(simulateCallPayload({ number_id: 'n1', from: '+15125550123', transcript: ' Leaks oil ' })).toEqual({ number_id: 'n1', from: '+15125550123', transcript: 'Leaks oil' });
  });
});
