/**
 * @module
 * virtualization: clusters keep the cached scope NetBox's CachedScopeMixin gives them (dcim), and
 * their host devices within a site or location scope (clusters.ts).
 */
import type { AppRules } from '../appRules.ts';
import { clusterRules } from './clusters.ts';

export const virtualization: AppRules = {
  rules: { 'virtualization.clusters': clusterRules },
};
