/**
 * @module
 * extras: display formats.
 */
import type { AppRules } from '../appRules.ts';
import { journalDisplay } from './displays.ts';

export const extras: AppRules = {
  expressions: { journal: journalDisplay },
};
