import {
  SIMULATION_CALL_FAILED,
  SIMULATION_NUMBER_NOT_SIMULATED,
  SIMULATION_OFF,
  SIMULATION_UNAVAILABLE,
} from '@warranty-crm/contract';
import { DomainError } from '../../common/errors/domain-error.js';

/** In production without the demo data the simulation does not exist (404). */
export class SimulationUnavailableError extends DomainError {
  constructor() {
    super('phone_simulation.unavailable', 'not_found', SIMULATION_UNAVAILABLE);
  }
}

export class SimulationOffError extends DomainError {
  constructor() {
    super('phone_simulation.off', 'conflict', SIMULATION_OFF);
  }
}

/** The number is the organization's but not at the simulated Twilio (bought from a real account). */
export class NumberNotSimulatedError extends DomainError {
  constructor() {
    super('phone_simulation.number_not_simulated', 'conflict', SIMULATION_NUMBER_NOT_SIMULATED, 'number_id');
  }
}

/** A webhook of the app refused the simulated call (the reason follows the fixed text). */
export class SimulatedCallFailedError extends DomainError {
  constructor(reason: string) {
    super('phone_simulation.call_failed', 'unavailable', `${SIMULATION_CALL_FAILED}: ${reason}`);
  }
}
