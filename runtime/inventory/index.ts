/**
 * @module
 * The rules of particular models, registered by the names the definitions use: SQL expressions
 * (computed fields and `display` formats), method filters, lifecycle hooks by resource key, and
 * the handlers of extra operations. One folder per app; the generic engine (runtime/rest) knows
 * none of them.
 */
import type { Extensions } from '../rest/index.ts';
import { emptyRelation } from './core/emptyRelation.ts';
import { filterByRequest } from './core/requestFilters.ts';
import { journalDisplay } from './extras/displays.ts';
import { asnDisplay } from './ipam/displays.ts';
import { contactAssignmentDisplay } from './tenancy/displays.ts';
import { tokenDisplay, userDisplay } from './users/displays.ts';
import { provisionToken } from './users/provisionToken.ts';

export const inventoryExtensions: Extensions = {
  expressions: {
    asn: asnDisplay,
    contact_assignment: contactAssignmentDisplay,
    journal: journalDisplay,
    token: tokenDisplay,
    user: userDisplay,
  },
  methods: {
    empty_relation: emptyRelation,
    filter_by_request: filterByRequest,
  },
  rules: {},
  operations: {
    'provision-token': provisionToken,
  },
};
