/**
 * @module
 * The permissions matrix (a NetBox plugin's API under /api/plugins/permissions-matrix/, declared
 * in definitions/plugins/permissions-matrix.yaml): its handlers, registered by the names the
 * definitions use. README.md beside this file describes the rules and walks through an example.
 */
import type { AppRules } from '../../appRules.ts';
import { apply, exportMatrix, importMatrix, matrix, plan, principal, revert } from './handlers.ts';

export const permissionsMatrix: AppRules = {
  operations: {
    'permissions-matrix': matrix,
    'permissions-matrix-principal': principal,
    'permissions-matrix-plan': plan,
    'permissions-matrix-apply': apply,
    'permissions-matrix-import': importMatrix,
    'permissions-matrix-export': exportMatrix,
    'permissions-matrix-revert': revert,
  },
};
