/**
 * @module
 * ipam: aggregates, ASNs, VRFs, prefixes and IP ranges with their available-* operations
 * (addressing/), IP addresses (addresses/), VLAN groups and VLANs (vlans/), services and service
 * templates (services/); IP arithmetic and helpers several of them use (shared/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { addresses } from './addresses/index.ts';
import { addressing } from './addressing/index.ts';
import { services } from './services/index.ts';
import { vlans } from './vlans/index.ts';

export const ipam: AppRules = mergeRules({ addressing, addresses, vlans, services });
