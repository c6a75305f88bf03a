/**
 * @module
 * users: display formats and token provisioning.
 */
import type { AppRules } from '../appRules.ts';
import { tokenDisplay, userDisplay } from './displays.ts';
import { provisionToken } from './provisionToken.ts';

export const users: AppRules = {
  expressions: { token: tokenDisplay, user: userDisplay },
  operations: { 'provision-token': provisionToken },
};
