/**
 * @module
 * users: users, their display and password policy (users/); tokens, their display, rules and
 * provisioning (tokens/); object permissions, their filters and rules (permissions/); the
 * requesting user's preferences (userConfig/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { permissions } from './permissions/index.ts';
import { tokens } from './tokens/index.ts';
import { userConfig } from './userConfig/index.ts';
import { users as usersGroup } from './users/index.ts';

export const users: AppRules = mergeRules({ users: usersGroup, tokens, permissions, userConfig });
