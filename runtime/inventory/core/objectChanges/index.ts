/**
 * @module
 * Change records (core.object-changes): their `display`.
 */
import type { AppRules } from '../../appRules.ts';
import { objectChangeDisplay } from './displays.ts';

export const objectChanges: AppRules = {
  expressions: { object_change: objectChangeDisplay },
};
