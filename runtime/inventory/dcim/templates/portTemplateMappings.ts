/**
 * @module
 * Front-to-rear port template mappings (NetBox 4.6's PortTemplateMapping): front port template
 * position → rear port template and position, kept on the front port template's hidden
 * `_mappings` column; a front port template's `rear_ports` shows them, a rear port template's
 * `front_ports` the same rows seen from the rear. Writing either list replaces that template's
 * mappings (reconcile_port_mappings); leaving it out of an update keeps them.
 *
 * clean(), after the template's own checks, first failing check per template:
 * positions not fewer than its mappings (FrontPortTemplate/RearPortTemplate.clean(), on update);
 * each written mapping's templates of one device type, or one module type
 * (PortTemplateMapping.clean() compares device types only, and NetBox's API skips it; here both
 * are refused, a module type's in the words of the interface template's bridge check); the rear
 * position within the rear template's positions (PortMappingBase.clean()); neither side's
 * position taken by another mapping (the unique constraints, in DRF's words, which NetBox's API
 * answers with a 500).
 *
 * Deleting a rear port template drops the mappings to it (NetBox's CASCADE).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { componentDisplaySql } from '../shared/displays.ts';
import { idsOf, rowsById, tableOf, type Row } from '../shared/rows.ts';
import { dropRears, frontByRear, frontList, rearByFront, rearList, saveFromRear, storedMappings } from '../shared/portMappingSql.ts';

const FRONT = 'dcim.front-port-templates';
const REAR = 'dcim.rear-port-templates';
const COLUMN = '_mappings';

/** One written mapping (runtime/kinds/fields/positionMappings.ts). */
interface Written {
  position: number;
  peer: number;
  peerPosition: number;
}

const written = (item: WriteItem, field: string) => item.extras.get(field) as Written[] | undefined;

/** Written mappings with one entry per own position (the last wins, as NetBox keys them), by position. */
const byPosition = (list: Written[]) => [...new Map(list.map((m) => [m.position, m])).values()].sort((a, b) => a.position - b.position);

const MAPPED_FRONT = (count: number) => `The number of positions cannot be less than the number of mapped rear port templates (${count})`;
const MAPPED_REAR = (count: number) => `The number of positions cannot be less than the number of mapped front port templates (${count})`;
const BAD_POSITION = (position: number, rear: string, positions: number) => `Invalid rear port position (${position}): Rear port ${rear} has only ${positions} positions.`;

const idOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The other-type message when `other` is not of `item`'s device type (module type), naming the rear port template `rear`. */
function otherType(item: WriteItem, other: Row, rear: string): string | null {
  if (idOf(item.value('device_type_id')) !== null) return idOf(other.device_type_id) === idOf(item.value('device_type_id')) ? null : `Rear port (${rear}) must belong to the same device type`;
  if (idOf(item.value('module_type_id')) !== null) return idOf(other.module_type_id) === idOf(item.value('module_type_id')) ? null : `Rear port (${rear}) must belong to the same module type`;
  return null;
}

const rearName = (item: WriteItem) => {
  const [name, label] = [String(item.value('name') ?? ''), String(item.value('label') ?? '')];
  return label ? `${name} (${label})` : name;
};

async function cleanFronts(batch: WriteBatch): Promise<void> {
  const items = batch.items;
  const writtenRears = items.flatMap((item) => (written(item, 'rear_ports') ?? []).map((m) => m.peer));
  const rears = await rowsById(batch.tx, tableOf(batch, REAR), writtenRears, `t.name, ${componentDisplaySql('t')} AS display, t.device_type_id, t.module_type_id, t.positions`);
  const stored = await storedMappings(batch, FRONT, COLUMN, idsOf(items.map((i) => i.id)), idsOf(writtenRears));
  const claimed = new Set<string>();
  for (const item of items) {
    if (!item.errors.empty) continue;
    const count = stored.filter((m) => m.front === item.id).length;
    if (!item.creating && Number(item.value('positions')) < count) {
      item.error('positions', MAPPED_FRONT(count));
      continue;
    }
    for (const m of byPosition(written(item, 'rear_ports') ?? [])) {
      const rear = rears.get(m.peer);
      if (!rear) continue;
      const key = `${m.peer}:${m.peerPosition}`;
      const message =
        otherType(item, rear, String(rear.display)) ??
        (m.peerPosition > Number(rear.positions) ? BAD_POSITION(m.peerPosition, String(rear.name), Number(rear.positions)) : null) ??
        (claimed.has(key) || stored.some((s) => s.front !== item.id && s.peer === m.peer && s.peer_position === m.peerPosition) ? 'The fields rear_port, rear_port_position must make a unique set.' : null);
      if (message) {
        item.error('rear_ports', message);
        break;
      }
      claimed.add(key);
    }
  }
}

async function cleanRears(batch: WriteBatch): Promise<void> {
  const items = batch.items;
  const writtenFronts = items.flatMap((item) => (written(item, 'front_ports') ?? []).map((m) => m.peer));
  const fronts = await rowsById(batch.tx, tableOf(batch, FRONT), writtenFronts, 't.device_type_id, t.module_type_id');
  const stored = await storedMappings(batch, FRONT, COLUMN, idsOf(writtenFronts), idsOf(items.map((i) => i.id)));
  const claimed = new Set<string>();
  for (const item of items) {
    if (!item.errors.empty) continue;
    const count = stored.filter((m) => m.peer === item.id).length;
    const positions = Number(item.value('positions'));
    if (!item.creating && positions < count) {
      item.error('positions', MAPPED_REAR(count));
      continue;
    }
    // Keyed by the rear position, as NetBox reconciles a rear port template's mappings.
    for (const m of byPosition(written(item, 'front_ports') ?? [])) {
      const front = fronts.get(m.peer);
      if (!front) continue;
      const key = `${m.peer}:${m.peerPosition}`;
      const message =
        otherType(item, front, rearName(item)) ??
        (m.position > positions ? BAD_POSITION(m.position, String(item.value('name') ?? ''), positions) : null) ??
        (claimed.has(key) || stored.some((s) => s.front === m.peer && s.position === m.peerPosition && s.peer !== item.id) ? 'The fields front_port, front_port_position must make a unique set.' : null);
      if (message) {
        item.error('front_ports', message);
        break;
      }
      claimed.add(key);
    }
  }
}

/** The front port templates' mapping rules. */
export const frontTemplateMappings: ModelRules = {
  clean: cleanFronts,
  async beforeSave(batch) {
    for (const item of batch.items) {
      const list = written(item, 'rear_ports');
      if (list) item.columns[COLUMN] = byPosition(list).map((m) => ({ position: m.position, peer: m.peer, peer_position: m.peerPosition }));
    }
  },
};

/** The rear port templates' mapping rules. */
export const rearTemplateMappings: ModelRules = {
  clean: cleanRears,
  async afterSave(batch) {
    const changed = batch.items.filter((item) => written(item, 'front_ports') !== undefined);
    const entries = changed.flatMap((item) => byPosition(written(item, 'front_ports')!).map((m) => ({ front: m.peer, position: m.peerPosition, peer: item.id!, peer_position: m.position })));
    await saveFromRear(batch, FRONT, COLUMN, changed.map((item) => item.id!), entries);
  },
  async afterDelete(plan, tx, _ctx, registry) {
    const rears = plan.deletes.filter((d) => d.resource.key === REAR).flatMap((d) => d.ids);
    await dropRears(tx, `"${registry.resource(FRONT).table}"`, COLUMN, rears);
  },
};

export const mappingExpressions = {
  front_port_template_rear_ports: frontList(COLUMN),
  rear_port_template_front_ports: rearList(FRONT, COLUMN),
};

export const mappingFilters = {
  front_port_template_rear_port_id: frontByRear(COLUMN),
  rear_port_template_front_port_id: rearByFront(FRONT, COLUMN),
};
