/**
 * @module
 * plugins: the APIs NetBox plugins add, one folder each — the permissions matrix
 * (permissionsMatrix/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { permissionsMatrix } from './permissionsMatrix/index.ts';

export const plugins: AppRules = mergeRules({ permissionsMatrix });
