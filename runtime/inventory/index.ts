/**
 * @module
 * The rules of particular models, registered by the names the definitions use: SQL expressions
 * (computed fields and `display` formats), method filters, lifecycle hooks by resource key, and
 * the handlers of extra operations. One folder per app, each with an `index.ts` registering its
 * own; the generic engine (runtime/rest) knows none of them.
 */
import type { Extensions } from '../rest/index.ts';
import { mergeRules } from './appRules.ts';
import { core } from './core/index.ts';
import { dcim } from './dcim/index.ts';
import { extras } from './extras/index.ts';
import { ipam } from './ipam/index.ts';
import { permissionsMatrix } from './plugins/permissionsMatrix/index.ts';
import { tenancy } from './tenancy/index.ts';
import { users } from './users/index.ts';
import { virtualization } from './virtualization/index.ts';

export const inventoryExtensions: Extensions = mergeRules({ core, dcim, extras, ipam, permissionsMatrix, tenancy, users, virtualization });
