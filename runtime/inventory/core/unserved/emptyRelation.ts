/**
 * @module
 * Filters on relations to resources this server does not serve yet (an ASN's `provider`, a VM's
 * `primary_mac_address`): no such object can exist, so every value is an
 * invalid choice — NetBox's answer when the table is empty. The filter is never silently ignored
 * (which would turn `filter(provider=x).delete()` into deleting everything).
 */
import { invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

export const emptyRelation: MethodFilter = ({ values, query }) => query.error(invalidChoice(values[0]));
