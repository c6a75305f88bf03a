/**
 * @module
 * The rules of services and service templates (NetBox's ServiceBase and the serializers over it):
 * - `ports` may not be an empty list (DRF's ListField of a non-blank ArrayField), which answers
 *   before the model is cleaned;
 * - `protocol` is optional to the serializer but NOT NULL in the model: left out on create,
 *   full_clean() finds it blank;
 * - a template's name is unique whatever its case (its `ci_natural_sort` collation makes DRF's
 *   unique check case-insensitive);
 * - save() keeps `_ports_lowest`, the lowest port, for the default ordering; a template's
 *   `_name` is its name in lower case with digits padded (the collation's order).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { naturalize } from '../../dcim/shared/naturalOrdering.ts';
import { quote } from '../../dcim/shared/rows.ts';

/** The field-level checks; returns the items that passed them. */
function checkFields(batch: WriteBatch): WriteItem[] {
  return batch.items.filter((item) => {
    if (Array.isArray(item.data.ports) && item.data.ports.length === 0) {
      item.error('ports', 'This list may not be empty.');
      return false;
    }
    return true;
  });
}

function checkProtocol(items: WriteItem[]): void {
  for (const item of items) {
    const protocol = item.value('protocol');
    if (protocol === null || protocol === undefined || protocol === '') item.error('protocol', 'This field cannot be blank.');
  }
}

function fillPortsLowest(batch: WriteBatch): void {
  for (const item of batch.items) {
    const ports = item.value('ports');
    if (Array.isArray(ports)) item.columns._ports_lowest = ports.length ? Math.min(...ports.map(Number)) : null;
  }
}

export const serviceRules: ModelRules = {
  async clean(batch) {
    checkProtocol(checkFields(batch));
  },
  async beforeSave(batch) {
    fillPortsLowest(batch);
  },
};

/** DRF's unique check of a template's name, under a case-insensitive collation. */
async function checkTemplateNames(batch: WriteBatch, items: WriteItem[]): Promise<WriteItem[]> {
  const named = items.filter((item) => 'name' in item.columns);
  if (!named.length) return items;
  const rows = await batch.tx.query<{ id: number; name: string }>(`SELECT id, lower(name) AS name FROM ${quote(batch.resource.table)} WHERE lower(name) = ANY($1::text[])`, [
    named.map((item) => String(item.value('name')).toLowerCase()),
  ]);
  const refused = new Set<WriteItem>();
  for (const item of named) {
    if (rows.some((row) => row.name === String(item.value('name')).toLowerCase() && Number(row.id) !== item.id)) {
      item.error('name', `${batch.resource.verboseName} with this name already exists.`);
      refused.add(item);
    }
  }
  return items.filter((item) => !refused.has(item));
}

export const serviceTemplateRules: ModelRules = {
  async clean(batch) {
    // Both are field checks, reported together; the model's check follows only when they pass.
    const fields = new Set(checkFields(batch));
    const names = new Set(await checkTemplateNames(batch, batch.items));
    checkProtocol(batch.items.filter((item) => fields.has(item) && names.has(item)));
  },
  async beforeSave(batch) {
    fillPortsLowest(batch);
    for (const item of batch.items) if (item.creating || 'name' in item.columns) item.columns._name = naturalize(String(item.value('name')).toLowerCase());
  },
};
