/**
 * @module
 * virtualization: nothing yet.
 */
import type { AppRules } from '../appRules.ts';

export const virtualization: AppRules = {};
