/**
 * @module
 * The rules of particular models, registered by the names the definitions use: SQL expressions
 * (computed fields and `display` formats), method filters, lifecycle hooks by resource key, and
 * the handlers of extra operations. The generic engine (runtime/rest) knows none of them.
 *
 * ## Layout
 * One folder per app, holding only its `index.ts`, which merges the fragments of its model
 * groups. A model group is a folder `<app>/<group>/` whose `index.ts` exports an AppRules
 * fragment (`{ expressions, methods, rules, operations }`), with files such as `rules.ts`,
 * `expressions.ts`, `filters.ts`, `displays.ts` and their tests beside them. Helpers several
 * groups of one app use live in `<app>/shared/`; an app's suite of NetBox's validation messages
 * (recorded in scripts/facts/rules/<app>.yaml) in `<app>/validation/`. Helpers of every app sit
 * here: appRules.ts (the fragment type and its merge), presence.ts (boolean method filters),
 * numberCharFilter.ts (CharFilters naming something by number).
 *
 * - circuits/: providers (accounts' display and unique name), circuits (circuits, terminations —
 *   cable ends with a cached place, keeping their circuit's A/Z sides — and group assignments),
 *   virtualCircuits (virtual circuits and terminations), validation.
 * - core/: commonFilters (date bounds, change-request and object-type-id filters several apps
 *   use), dataSources, objectChanges, objectTypes (model features, the rows written at boot),
 *   shownOnce (`none`), validation;
 *   shared/ (object type names and labels, also used by other apps).
 * - dcim/: sites (and locations), racks, devices (device types, bays, virtual chassis, virtual
 *   device contexts, platforms' filter), modules, interfaces (and MAC addresses), cables,
 *   validation; shared/ (rows by id, natural ordering, physical checks, rack space, cached
 *   scopes, display SQL — rows and cached scopes are used by ipam and virtualization too).
 * - extras/: tags, journal, configTemplates, customFields, customLinks, imageAttachments (uploads,
 *   their files and /media/), events (event rules, webhooks), validation.
 * - ipam/: addressing (aggregates, ASNs, VRFs, prefixes, IP ranges, the available-prefixes and
 *   available-ips operations), asnRanges (ASN ranges and available-asns), fhrp (FHRP groups and
 *   their assignments), addresses, vlans (VLAN groups and VLANs), services, validation;
 *   shared/ (IP arithmetic, batch values, missing scopes, what the available-* operations share).
 * - tenancy/: contacts, tenantGroups, validation.
 * - users/: users, tokens, permissions, validation.
 * - virtualization/: clusters, machines (virtual machines, their interfaces and disks), validation.
 * - vpn/: crypto (IKE and IPSec), tunnels (and their terminations), l2vpn (L2VPNs, their
 *   terminations and the `l2vpn_termination` of interfaces and VLANs), validation; shared/ (the
 *   SQL of a termination's object by kind).
 * - virtualization/: clusters, machines (virtual machines, their interfaces and disks), machineTypes
 *   (virtual machine types), validation.
 * - wireless/: lans (wireless LANs and their groups), links (wireless links), validation.
 * - plugins/: permissionsMatrix (its README.md describes it).
 */
import type { Extensions } from '../rest/index.ts';
import { mergeRules } from './appRules.ts';
import { circuits } from './circuits/index.ts';
import { core } from './core/index.ts';
import { cablePaths, dcim } from './dcim/index.ts';
import { extras } from './extras/index.ts';
import { ipam } from './ipam/index.ts';
import { plugins } from './plugins/index.ts';
import { tenancy } from './tenancy/index.ts';
import { users } from './users/index.ts';
import { virtualization } from './virtualization/index.ts';
import { vpn } from './vpn/index.ts';
import { wireless } from './wireless/index.ts';

// Cable paths last: their rules trace paths after the apps' own rules have written the cables'
// terminations and the wireless links' interfaces (model rules compose in this order).
export const inventoryExtensions: Extensions = mergeRules({ circuits, core, dcim, extras, ipam, plugins, tenancy, users, virtualization, vpn, wireless, cablePaths });

export { traceMissingPaths } from './dcim/cablePaths/index.ts';
export { mountMatrixPage } from './plugins/permissionsMatrix/page/index.ts';
export { jobEventListener, setWebhookRetries } from './extras/index.ts';
export { configureMediaRoot, readMedia } from './extras/index.ts';
export { syncObjectTypes } from './core/index.ts';
