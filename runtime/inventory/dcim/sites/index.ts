/**
 * @module
 * Sites and locations: the cached scope their moves update (shared/cachedScope.ts), and a
 * location's parent kept in its site.
 */
import type { AppRules } from '../../appRules.ts';
import { scopeMoveRules } from '../shared/cachedScope.ts';
import { locationRules } from './locationRules.ts';

export const sites: AppRules = {
  rules: {
    'dcim.sites': scopeMoveRules['dcim.sites'],
    'dcim.locations': { ...scopeMoveRules['dcim.locations'], ...locationRules },
  },
};
