/**
 * @module
 * What deleting the target of each stored foreign key does, against the model's `on_delete`
 * (models.md and the supplement: the nearest class declaring the field). The definitions' values
 * are Django's in lower case (`set_null` is SET_NULL); one NetBox uses that they cannot state
 * (RESTRICT) is a difference. A foreign key NetBox's facts do not describe is one too: every
 * served key must be checked. Generic relations are not compared: what deleting their object does
 * is the object's GenericRelation, which models.md does not list.
 */
import { Recorder, type Findings, type Subject } from './subject.ts';

export function compareOnDelete({ resource, model, modelKey }: Subject): Findings {
  const record = new Recorder(resource.key);
  if (!model) return record;
  for (const field of resource.fields) {
    if (field.kind !== 'fk' || !field.column) continue;
    const relation = model.relations[field.name];
    const netbox = relation?.onDelete;
    record.check('on_delete', field.name, netbox !== undefined && netbox.toLowerCase() === field.onDelete, () => netbox ?? `no fact (${modelKey}.${field.name} is in neither models.md nor supplement.yaml)`, () => field.onDelete ?? 'none');
  }
  return record;
}
