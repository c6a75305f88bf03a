/**
 * @module
 * Rules of the component templates (NetBox's ComponentTemplateModel and its subclasses' clean()),
 * first failing check per object, in NetBox's order:
 * - a modular template belongs to a device type or a module type, not both and not neither;
 * - an interface template is not bridged to itself, has no PoE on a virtual type, no PoE type
 *   without a mode, no wireless role unless wireless (InterfaceValidationMixin), and its bridge is
 *   a template of the same device type (module type);
 * - a power port template's allocated draw does not exceed its maximum draw;
 * - a power outlet template's power port is a template of the same device type (module type);
 * - a device bay template's device type is a parent type;
 * - a front or rear port template's mappings (portTemplateMappings.ts).
 * The device type is fixed once a template exists (the field's `create_only`); `_name` follows the
 * name (NetBox's natural_sort collation; an interface template's as NetBox orders interfaces).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { componentDisplaySql } from '../shared/displays.ts';
import { naturalizeInterface } from '../interfaces/naturalizeInterface.ts';
import { VIRTUAL_TYPES, WIRELESS_TYPES } from '../interfaces/interfaceRules.ts';
import { naturalize } from '../shared/naturalOrdering.ts';
import { rowsById, tableOf } from '../shared/rows.ts';
import { chainRules } from './chainRules.ts';
import { frontTemplateMappings, rearTemplateMappings } from './portTemplateMappings.ts';

type Check = (item: WriteItem, batch: WriteBatch, related: Map<number, Record<string, unknown>>) => [string, string] | null;

const set = (value: unknown) => value !== null && value !== undefined && value !== '';
const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : Number(a)) === (b === null || b === undefined ? null : Number(b));

/** ModularComponentTemplateModel.clean(): a device type xor a module type. */
function owner(item: WriteItem): [string, string] | null {
  const [device, module] = [set(item.value('device_type_id')), set(item.value('module_type_id'))];
  if (device && module) return ['__all__', 'A component template cannot be associated with both a device type and a module type.'];
  if (!device && !module) return ['__all__', 'A component template must be associated with either a device type or a module type.'];
  return null;
}

/** A referenced template (bridge, power port) on the same device type or module type. */
const sameType =
  (field: string, column: string, what: string): Check =>
  (item, _batch, related) => {
    const other = related.get(Number(item.value(column)));
    if (!other) return null;
    if (set(item.value('device_type_id')) && !same(other.device_type_id, item.value('device_type_id'))) return [field, `${what} (${other.display}) must belong to the same device type`];
    if (set(item.value('module_type_id')) && !same(other.module_type_id, item.value('module_type_id'))) return [field, `${what} (${other.display}) must belong to the same module type`];
    return null;
  };

const bridgeType = sameType('bridge', 'bridge_id', 'Bridge interface');
const powerPortType = sameType('__all__', 'power_port_id', 'Parent power port');

function interfaceChecks(item: WriteItem, batch: WriteBatch, related: Map<number, Record<string, unknown>>): [string, string] | null {
  const type = String(item.value('type') ?? '');
  if (item.id !== null && same(item.value('bridge_id'), item.id)) return ['bridge', 'An interface cannot be bridged to itself.'];
  if (set(item.value('poe_mode')) && VIRTUAL_TYPES.has(type)) return ['poe_mode', 'Virtual interfaces cannot have a PoE mode.'];
  if (set(item.value('poe_type')) && VIRTUAL_TYPES.has(type)) return ['poe_type', 'Virtual interfaces cannot have a PoE type.'];
  if (set(item.value('poe_type')) && !set(item.value('poe_mode'))) return ['poe_type', 'Must specify PoE mode when designating a PoE type.'];
  if (set(item.value('rf_role')) && !WIRELESS_TYPES.has(type)) return ['rf_role', 'Wireless role may be set only on wireless interfaces.'];
  return bridgeType(item, batch, related);
}

function drawChecks(item: WriteItem): [string, string] | null {
  const [maximum, allocated] = [item.value('maximum_draw'), item.value('allocated_draw')];
  if (set(maximum) && set(allocated) && Number(allocated) > Number(maximum)) return ['allocated_draw', `Allocated draw cannot exceed the maximum draw (${maximum}W).`];
  return null;
}

/** Rules of a template: its own checks after the modular ones, the referenced templates loaded in one query. */
function templateRules(options: { modular: boolean; reference?: { column: string; resource: string }; check?: Check; naturalizer?: (name: string) => string | null }): ModelRules {
  return {
    async clean(batch) {
      const ref = options.reference;
      const related = ref ? await rowsById(batch.tx, tableOf(batch, ref.resource), batch.items.map((i) => i.value(ref.column)), `t.device_type_id, t.module_type_id, ${componentDisplaySql('t')} AS display`) : new Map();
      for (const item of batch.items) {
        const error = (options.modular ? owner(item) : null) ?? options.check?.(item, batch, related) ?? null;
        if (error) item.error(...error);
      }
    },
    async beforeSave(batch) {
      const naturalizer = options.naturalizer ?? ((name: string) => naturalize(name));
      for (const item of batch.items) if (item.creating || 'name' in item.columns) item.columns._name = naturalizer(String(item.value('name') ?? ''));
    },
  };
}

/** DeviceBayTemplate.clean() (which, unlike the others, does not call its base's). */
async function deviceBayTypes(batch: WriteBatch): Promise<void> {
  const types = await rowsById(batch.tx, tableOf(batch, 'dcim.device-types'), batch.items.map((i) => i.value('device_type_id')), 't.model, t.subdevice_role');
  for (const item of batch.items) {
    const type = types.get(Number(item.value('device_type_id')));
    if (type && type.subdevice_role !== 'parent') item.error('__all__', `Subdevice role of device type (${type.model}) must be set to "parent" to allow device bays.`);
  }
}

const modular = templateRules({ modular: true });

export const componentTemplateRules: Record<string, ModelRules> = {
  'dcim.console-port-templates': modular,
  'dcim.console-server-port-templates': modular,
  'dcim.front-port-templates': chainRules(modular, frontTemplateMappings),
  'dcim.rear-port-templates': chainRules(modular, rearTemplateMappings),
  'dcim.module-bay-templates': modular,
  'dcim.power-port-templates': templateRules({ modular: true, check: drawChecks }),
  'dcim.power-outlet-templates': templateRules({ modular: true, reference: { column: 'power_port_id', resource: 'dcim.power-port-templates' }, check: powerPortType }),
  'dcim.interface-templates': templateRules({ modular: true, reference: { column: 'bridge_id', resource: 'dcim.interface-templates' }, check: interfaceChecks, naturalizer: (name) => naturalizeInterface(name) }),
  'dcim.device-bay-templates': { ...templateRules({ modular: false }), clean: deviceBayTypes },
};
