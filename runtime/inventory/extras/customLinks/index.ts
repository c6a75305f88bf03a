/**
 * @module
 * Custom links (extras.custom-links): their rules.
 */
import type { AppRules } from '../../appRules.ts';
import { customLinkRules } from './rules.ts';

export const customLinks: AppRules = {
  rules: { 'extras.custom-links': customLinkRules },
};
