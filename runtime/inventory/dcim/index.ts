/**
 * @module
 * dcim: nothing yet.
 */
import type { AppRules } from '../appRules.ts';

export const dcim: AppRules = {};
