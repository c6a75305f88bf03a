/**
 * @module
 * What NetBox computes over objects this server does not serve yet: a count of them (`zero`), a
 * value over them (`none`), and filters on relations to them (`empty_relation`).
 */
import type { AppRules } from '../../appRules.ts';
import { emptyRelation } from './emptyRelation.ts';
import { none } from './none.ts';
import { zero } from './zero.ts';

export const unserved: AppRules = {
  expressions: { zero, none },
  methods: { empty_relation: emptyRelation },
};
