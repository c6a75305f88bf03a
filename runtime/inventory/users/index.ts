/**
 * @module
 * users: display formats, token provisioning and creation, the password policy of users, and the
 * filters and rules of object permissions.
 */
import type { AppRules } from '../appRules.ts';
import { tokenDisplay, userDisplay } from './displays.ts';
import { objectTypeName, permissionAction } from './permissionFilters.ts';
import { permissionRules } from './permissionRules.ts';
import { provisionToken } from './provisionToken.ts';
import { tokenRules } from './tokenRules.ts';
import { userRules } from './userRules.ts';

export const users: AppRules = {
  expressions: { token: tokenDisplay, user: userDisplay },
  methods: { object_type_name: objectTypeName, permission_action: permissionAction },
  rules: { 'users.permissions': permissionRules, 'users.tokens': tokenRules, 'users.users': userRules },
  operations: { 'provision-token': provisionToken },
};
