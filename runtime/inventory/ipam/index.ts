/**
 * @module
 * ipam: display formats.
 */
import type { AppRules } from '../appRules.ts';
import { asnDisplay } from './displays.ts';

export const ipam: AppRules = {
  expressions: { asn: asnDisplay },
};
