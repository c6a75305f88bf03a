/**
 * @module
 * dcim: sites and locations (sites/), racks (racks/), rack reservations (rackReservations/) and
 * elevations (rackElevation/), devices, their types, bays, virtual chassis and virtual device
 * contexts (devices/), modules (modules/), console, power and pass-through ports (components/),
 * component templates and their instantiation (templates/), interfaces and MAC addresses
 * (interfaces/), cables (cables/), power panels and feeds (power/), inventory items, their roles and
 * templates (inventoryItems/); what several of them use — rows by id, natural ordering,
 * physical checks, rack space, cached scopes, display SQL — in shared/.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { cables } from './cables/index.ts';
import { components } from './components/index.ts';
import { devices } from './devices/index.ts';
import { interfaces } from './interfaces/index.ts';
import { inventoryItems } from './inventoryItems/index.ts';
import { modules } from './modules/index.ts';
import { power } from './power/index.ts';
import { rackElevation } from './rackElevation/index.ts';
import { rackReservations } from './rackReservations/index.ts';
import { racks } from './racks/index.ts';
import { sites } from './sites/index.ts';
import { templates } from './templates/index.ts';

export const dcim: AppRules = mergeRules({ sites, racks, rackReservations, rackElevation, devices, modules, components, templates, interfaces, cables, power, inventoryItems });

export { cachedScopeRules, fillCachedScope } from './shared/cachedScope.ts';
export { cablePaths } from './cablePaths/index.ts';
