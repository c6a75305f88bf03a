/**
 * @module
 * Virtual machine types (NetBox 4.6's VirtualMachineType):
 * - the serializer's bound of `default_vcpus` (`Decimal(0.01)` built from a float, as a VM's
 *   `vcpus`, so 0.01 itself is refused with the float's digits in the message);
 * - `applyTypeDefaults`, VirtualMachine.apply_type_defaults(): a VM created with a type takes the
 *   type's default platform, vCPUs and memory where it gives none (called by the VMs' beforeSave);
 * - the type's `virtual_machine_count`.
 */
import type { ModelRules, SqlExpression, WriteBatch } from '../../../rest/index.ts';

/** str(Decimal(0.01)): the bound NetBox's serializer prints. */
const VCPUS_BOUND = '0.01000000000000000020816681711721685132943093776702880859375';

export const virtualMachineTypeRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      const vcpus = item.data.default_vcpus;
      if (vcpus !== null && vcpus !== undefined && Number(vcpus) <= 0.01) item.error('default_vcpus', `Ensure this value is greater than or equal to ${VCPUS_BOUND}.`);
    }
  },
};

const DEFAULTS = [
  ['platform', 'default_platform'],
  ['vcpus', 'default_vcpus'],
  ['memory', 'default_memory'],
] as const;

/** Fills a new VM's empty platform, vCPUs and memory from its type's defaults. */
export async function applyTypeDefaults(batch: WriteBatch): Promise<void> {
  const { registry } = batch;
  const types = registry.resource('virtualization.virtual-machine-types');
  const column = (field: string) => registry.field(batch.resource, field)!.column!;
  const typeColumn = (field: string) => registry.field(types, field)!.column!;
  const typed = batch.items.filter((item) => item.creating && item.value(column('virtual_machine_type')) !== null && item.value(column('virtual_machine_type')) !== undefined);
  if (!typed.length) return;
  const ids = [...new Set(typed.map((item) => Number(item.value(column('virtual_machine_type')))))];
  const rows = await batch.tx.query<Record<string, unknown>>(
    `SELECT id, ${DEFAULTS.map(([, d]) => `"${typeColumn(d)}" AS ${d}`).join(', ')} FROM "${types.table}" WHERE id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  for (const item of typed) {
    const type = byId.get(Number(item.value(column('virtual_machine_type'))));
    if (!type) continue;
    for (const [field, fallback] of DEFAULTS) {
      const current = item.value(column(field));
      if ((current === null || current === undefined) && type[fallback] !== null && type[fallback] !== undefined) item.columns[column(field)] = type[fallback];
    }
  }
}

/** A type's `virtual_machine_count`: the VMs of the type (NetBox's counter cache). */
export const virtualMachineCount: SqlExpression = (t, sql) => {
  const v = sql.alias();
  return `(SELECT count(*) FROM ${sql.table('virtualization.virtual-machines')} ${v} WHERE ${sql.column('virtualization.virtual-machines', 'virtual_machine_type', v)} = ${t}.id)::int`;
};
