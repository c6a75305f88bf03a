/**
 * @module
 * dcim cables, their terminations and bundles: displays and termination lists (SQL
 * expressions), method filters and the rules that keep termination rows and the terminated
 * objects' cable fields in step with each cable.
 */
import type { AppRules } from '../../appRules.ts';
import * as e from './expressions.ts';

export const cables: AppRules = {
  expressions: {
    cable: e.cableDisplay,
    cable_a_terminations: e.aTerminations,
    cable_b_terminations: e.bTerminations,
    cable_termination: e.terminationDisplay,
  },
};
