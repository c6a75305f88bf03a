/**
 * @module
 * circuits virtual circuits and their terminations: an account of the network's provider, a
 * termination on a virtual interface, the terminations' display.
 */
import type { AppRules } from '../../appRules.ts';
import { virtualCircuitRules } from '../circuits/circuitRules.ts';
import { virtualCircuitTerminationDisplay } from './displays.ts';
import { virtualCircuitTerminationRules } from './virtualCircuitRules.ts';

export const virtualCircuits: AppRules = {
  expressions: { virtual_circuit_termination: virtualCircuitTerminationDisplay },
  rules: {
    'circuits.virtual-circuits': virtualCircuitRules,
    'circuits.virtual-circuit-terminations': virtualCircuitTerminationRules,
  },
};
