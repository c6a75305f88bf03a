/**
 * @module
 * Racks and rack types: a rack's display, and the rules of both.
 */
import type { AppRules } from '../../appRules.ts';
import { rackDisplay } from '../shared/displays.ts';
import { rackRules, rackTypeRules } from './rules.ts';

export const racks: AppRules = {
  expressions: { rack: rackDisplay },
  rules: { 'dcim.rack-types': rackTypeRules, 'dcim.racks': rackRules },
};
