import {
  SIMULATION_FROM_INVALID,
  SIMULATION_NUMBER_REQUIRED,
  SIMULATION_TRANSCRIPT_MAX,
  SIMULATION_TRANSCRIPT_TOO_LONG,
} from '@warranty-crm/contract';

/** The "Simulate a call" dialog's values (issue 34). */
export interface SimulateCallValues {
  number_id?: string | null;
  from?: string | null;
  transcript?: string | null;
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** The dialog's field errors, with the API's messages (an empty object when it may be sent). */
export function simulateCallErrors(values: SimulateCallValues): Partial<Record<keyof SimulateCallValues, string>> {
  const errors: Partial<Record<keyof SimulateCallValues, string>> = {};
  if (!values.number_id) errors.number_id = SIMULATION_NUMBER_REQUIRED;
  if (!E164.test((values.from ?? '').trim())) errors.from = SIMULATION_FROM_INVALID;
  if ((values.transcript ?? '').trim().length > SIMULATION_TRANSCRIPT_MAX) errors.transcript = SIMULATION_TRANSCRIPT_TOO_LONG;
  return errors;
}

/** What the API is sent: the caller trimmed, a blank message left out (the API then uses a sample sentence). */
export function simulateCallPayload(values: SimulateCallValues): { number_id: string; from: string; transcript?: string } {
  const transcript = (values.transcript ?? '').trim();
  return { number_id: String(values.number_id), from: (values.from ?? '').trim(), ...(transcript ? { transcript } : {}) };
}
