/**
 * @module
 * Users (users.users): their display, and the password policy and username rules of their writes.
 */
import type { AppRules } from '../../appRules.ts';
import { userDisplay } from './displays.ts';
import { userRules } from './rules.ts';

export const users: AppRules = {
  expressions: { user: userDisplay },
  rules: { 'users.users': userRules },
};
