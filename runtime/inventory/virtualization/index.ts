/**
 * @module
 * virtualization: clusters, which keep the cached scope NetBox's CachedScopeMixin gives them and
 * their host devices within a site or location scope (clusters/); virtual machines, their
 * interfaces and virtual disks (machines/); virtual machine types (machineTypes/).
 */
import { mergeRules, type AppRules } from '../appRules.ts';
import { clusters } from './clusters/index.ts';
import { machineTypes } from './machineTypes/index.ts';
import { machines } from './machines/index.ts';

export const virtualization: AppRules = mergeRules({ clusters, machines, machineTypes });
