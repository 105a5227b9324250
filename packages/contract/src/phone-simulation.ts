/**
 * The built-in phone simulation (issue 34): a simulated Twilio inside the app, in development or
 * with the demo data, so a newcomer can buy a number and leave a voicemail without an account.
 * The API answers these messages and the Phone System page shows the same texts.
 */

export const SIMULATION_OFFER = 'Try the built-in simulation';
export const SIMULATION_BANNER = 'Simulated Twilio — no real calls';
export const SIMULATION_BANNER_HINT =
  'Numbers are bought from the simulation and calls are simulated: place one with "Simulate a call" and watch the voicemail arrive.';
export const SIMULATE_CALL = 'Simulate a call';

export const SIMULATION_UNAVAILABLE = 'The phone simulation is only available in development or with the demo data';
export const SIMULATION_OFF = 'Turn the phone simulation on first';
export const SIMULATION_NUMBER_NOT_SIMULATED = 'This number was not bought in the simulation: buy one while the simulation is on';
export const SIMULATION_CALL_FAILED = 'The simulated call did not go through';
export const SIMULATION_NUMBER_REQUIRED = 'Please choose one of your numbers';
export const SIMULATION_FROM_INVALID = 'Please use E.164 format (e.g., +15551234567)';
export const SIMULATION_TRANSCRIPT_MAX = 1000;
export const SIMULATION_TRANSCRIPT_TOO_LONG = `The message must be at most ${SIMULATION_TRANSCRIPT_MAX} characters`;
/** The caller's number the dialog suggests. */
export const SIMULATION_DEFAULT_CALLER = '+15125550123';
export const SIMULATION_DEFAULT_TRANSCRIPT = 'Hi, my floor jack is leaking oil. Please call me back.';
