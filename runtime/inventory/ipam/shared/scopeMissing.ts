/**
 * @module
 * A scope (`scope_type`, `scope_id`) naming no object, as NetBox answers it for models with a
 * scope: BaseModel.clean() looks an object up only for a truthy id, so an id of 0 passes it and
 * reaches the model's own check — CachedScopeMixin's `Please select a site.` (prefixes,
 * clusters), VLANGroup's `Cannot set scope_type without scope_id.` — both under `__all__`; any
 * other id is left to the engine's BaseModel.clean() answer (`Related object not found using the
 * provided value: 7.`).
 */
import type { ModelRules } from '../../../rest/index.ts';

type ObjectMissing = NonNullable<ModelRules['genericObjectMissing']>;

/** CachedScopeMixin.clean(): `Please select a {model_name}.` for an id of 0. */
export const cachedScopeObjectMissing: ObjectMissing = (item, target, id) => {
  if (Number(id) !== 0) return false;
  item.error('__all__', `Please select a ${target.objectType.split('.')[1]}.`);
  return true;
};

/** VLANGroup.clean(): `Cannot set scope_type without scope_id.` for an id of 0. */
export const vlanGroupScopeObjectMissing: ObjectMissing = (item, _target, id) => {
  if (Number(id) !== 0) return false;
  item.error('__all__', 'Cannot set scope_type without scope_id.');
  return true;
};
