/**
 * @module
 * circuits circuits, circuit terminations and circuit group assignments: displays, the
 * assignments' member filters, and the models' rules (an account of the circuit's provider; a
 * termination's place cached and its circuit's A/Z sides kept).
 */
import type { AppRules } from '../../appRules.ts';
import * as assignments from './assignmentFilters.ts';
import { circuitRules } from './circuitRules.ts';
import { circuitGroupAssignmentDisplay, circuitTerminationDisplay } from './displays.ts';
import { circuitTerminationRules } from './terminationRules.ts';

export const circuits: AppRules = {
  expressions: {
    circuit_termination: circuitTerminationDisplay,
    circuit_group_assignment: circuitGroupAssignmentDisplay,
  },
  methods: {
    assignment_circuit: assignments.circuitCid,
    assignment_circuit_id: assignments.circuitId,
    assignment_virtual_circuit: assignments.virtualCircuitCid,
    assignment_virtual_circuit_id: assignments.virtualCircuitId,
    assignment_provider: assignments.providerSlug,
    assignment_provider_id: assignments.providerId,
  },
  rules: {
    'circuits.circuits': circuitRules,
    'circuits.circuit-terminations': circuitTerminationRules,
  },
};
