/**
 * @module
 * Clusters (virtualization.clusters): their rules.
 */
import type { AppRules } from '../../appRules.ts';
import { clusterRules } from './rules.ts';

export const clusters: AppRules = {
  rules: { 'virtualization.clusters': clusterRules },
};
