/**
 * @module
 * tenancy: tenant groups, whose delete must not leave two ungrouped tenants with one name or slug
 * (tenantGroups/), and contacts — the display of contact assignments and the object types they
 * may name (contacts/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { contacts } from './contacts/index.ts';
import { tenantGroups } from './tenantGroups/index.ts';

export const tenancy: AppRules = mergeRules({ contacts, tenantGroups });
