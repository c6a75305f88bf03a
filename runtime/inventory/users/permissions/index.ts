/**
 * @module
 * Object permissions (users.permissions): their method filters and rules.
 */
import type { AppRules } from '../../appRules.ts';
import { objectTypeName, permissionAction } from './filters.ts';
import { permissionRules } from './rules.ts';

export const permissions: AppRules = {
  methods: { object_type_name: objectTypeName, permission_action: permissionAction },
  rules: { 'users.permissions': permissionRules },
};
