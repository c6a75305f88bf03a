/**
 * @module
 * ipam: aggregates, ASNs, VRFs, prefixes and IP ranges with their available-* operations
 * (addressing/), ASN ranges and their available-asns operations (asnRanges/), FHRP groups and
 * their assignments (fhrp/), IP addresses (addresses/), VLAN groups and VLANs (vlans/), services and service
 * templates (services/); IP arithmetic and helpers several of them use (shared/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { addresses } from './addresses/index.ts';
import { addressing } from './addressing/index.ts';
import { asnRanges } from './asnRanges/index.ts';
import { fhrp } from './fhrp/index.ts';
import { services } from './services/index.ts';
import { vlans } from './vlans/index.ts';

export const ipam: AppRules = mergeRules({ addressing, asnRanges, fhrp, addresses, vlans, services });
