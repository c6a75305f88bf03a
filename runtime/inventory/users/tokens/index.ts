/**
 * @module
 * Tokens (users.tokens): their display, the rules of their writes, and the `provision-token` operation.
 */
import type { AppRules } from '../../appRules.ts';
import { tokenDisplay } from './displays.ts';
import { provisionToken } from './provisionToken.ts';
import { tokenRules } from './rules.ts';

export const tokens: AppRules = {
  expressions: { token: tokenDisplay },
  rules: { 'users.tokens': tokenRules },
  operations: { 'provision-token': provisionToken },
};
