/**
 * @module
 * Object types (core.object-types): NetBox's features of each served model (features.ts), the
 * rows written at boot (rows.ts, sync.ts) and the `features` filter.
 */
import type { AppRules } from '../../appRules.ts';
import { objectTypeFeatures } from './filters.ts';

export const objectTypes: AppRules = {
  methods: { object_type_features: objectTypeFeatures },
};

export { featuresOf, hasFeature, FEATURES, type Feature } from './features.ts';
export { objectTypeLabel } from './rows.ts';
export { syncObjectTypes } from './sync.ts';
