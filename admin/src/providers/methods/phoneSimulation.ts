import { apiGet, apiSend } from '../httpClient';
import type { PhoneSimulationState, SimulateCallPayload, SimulatedCall } from '../types';

/** The built-in phone simulation (issue 34): a simulated Twilio inside the app, and simulated calls. */
export const phoneSimulationMethods = {
  getPhoneSimulation: () => apiGet<PhoneSimulationState>('/phone-system/simulation'),
  setPhoneSimulation: (enabled: boolean) => apiSend<PhoneSimulationState>('POST', '/phone-system/simulation', { enabled }),
  simulateCall: (payload: SimulateCallPayload) => apiSend<SimulatedCall>('POST', '/phone-system/simulation/calls', payload),
};
