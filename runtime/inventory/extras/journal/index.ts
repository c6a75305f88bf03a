/**
 * @module
 * Journal entries (extras.journal-entries): their display and rules.
 */
import type { AppRules } from '../../appRules.ts';
import { journalDisplay } from './displays.ts';
import { journalRules } from './rules.ts';

export const journal: AppRules = {
  expressions: { journal: journalDisplay },
  rules: { 'extras.journal-entries': journalRules },
};
