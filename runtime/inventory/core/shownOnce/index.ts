/**
 * @module
 * `none`: the value of a field NetBox never shows again after the request that set it (a token's
 * plaintext `token`, shown once by the write that made it).
 */
import type { AppRules } from '../../appRules.ts';
import { none } from './none.ts';

export const shownOnce: AppRules = {
  expressions: { none },
};
