/**
 * @module
 * dcim: sites and locations (sites/), racks (racks/), devices, their types, bays, virtual chassis
 * and virtual device contexts (devices/), modules (modules/), interfaces and MAC addresses
 * (interfaces/), cables (cables/); what several of them use — rows by id, natural ordering,
 * physical checks, rack space, cached scopes, display SQL — in shared/.
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { cables } from './cables/index.ts';
import { devices } from './devices/index.ts';
import { interfaces } from './interfaces/index.ts';
import { modules } from './modules/index.ts';
import { racks } from './racks/index.ts';
import { sites } from './sites/index.ts';

export const dcim: AppRules = mergeRules({ sites, racks, devices, modules, interfaces, cables });

export { cachedScopeRules, fillCachedScope } from './shared/cachedScope.ts';
