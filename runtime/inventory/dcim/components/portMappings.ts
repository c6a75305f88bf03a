/**
 * @module
 * Front-to-rear port mappings (NetBox 4.6's PortMapping): front port position → rear port and
 * position. They are kept on the front port, in its hidden `_mappings` column
 * (`[{position, peer, peer_position}]` by position, `peer` a rear port's id); a front port's
 * `rear_ports` shows them as written, a rear port's `front_ports` the same rows seen from the
 * rear. Writing either list replaces that port's mappings (NetBox's reconcile_port_mappings);
 * leaving it out of an update keeps them.
 *
 * clean(), first failing check per port: positions are not fewer than the port's mappings
 * (FrontPort/RearPort.clean(), on update); each written mapping's ports are on one device
 * (PortMapping.clean()), its rear port position within the rear port's positions
 * (PortMappingBase.clean()), and neither side's position taken by another mapping (the two unique
 * constraints, DRF's UniqueTogetherValidator words). NetBox's API saves mappings without
 * PortMapping's clean(), and answers a taken position with a 500; here both are refused.
 *
 * Deleting a rear port drops the mappings to it from its front ports (NetBox's CASCADE).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { componentDisplaySql } from '../shared/displays.ts';
import { fillNaturalNames } from '../shared/naturalOrdering.ts';
import { dropRears, frontByRear, frontList, rearByFront, rearList, saveFromRear, storedMappings } from '../shared/portMappingSql.ts';
import { rowsById, tableOf } from '../shared/rows.ts';
import { sqlIdentifier } from '../../../kinds/index.ts';
import { cleanCabled } from './componentRules.ts';

const FRONT = 'dcim.front-ports';
const REAR = 'dcim.rear-ports';
/** The front port's hidden column keeping its mappings. */
const MAPPINGS = '_mappings';

/** One written mapping (runtime/kinds/fields/positionMappings.ts). */
interface Written {
  position: number;
  peer: number;
  peerPosition: number;
}

const written = (item: WriteItem, field: string) => item.extras.get(field) as Written[] | undefined;

/** Written mappings with one entry per own position (the last wins, as NetBox keys them), by position. */
const byPosition = (list: Written[]) => [...new Map(list.map((m) => [m.position, m])).values()].sort((a, b) => a.position - b.position);

const MAPPED_FRONT = (count: number) => `The number of positions cannot be less than the number of mapped rear ports (${count})`;
const MAPPED_REAR = (count: number) => `The number of positions cannot be less than the number of mapped front ports (${count})`;
const OTHER_DEVICE = (rear: string) => `Rear port (${rear}) must belong to the same device`;
const BAD_POSITION = (position: number, rear: string, positions: number) => `Invalid rear port position (${position}): Rear port ${rear} has only ${positions} positions.`;

// --- SQL (shared/portMappingSql.ts) -----------------------------------------------------------

export const frontRearPorts = frontList(MAPPINGS);
export const rearFrontPorts = rearList(FRONT, MAPPINGS);
/** `rear_port_id` of front ports, `front_port_id` of rear ports: ids (any of them; `__n`: none of them). */
export const rearPortIdFilter = frontByRear(MAPPINGS);
export const frontPortIdFilter = rearByFront(FRONT, MAPPINGS);

const ids = (values: unknown[]) => [...new Set(values.filter((v) => v !== null && v !== undefined).map(Number))];

// --- front ports -----------------------------------------------------------------------------

async function cleanFrontPorts(batch: WriteBatch): Promise<void> {
  cleanCabled(batch);
  const items = batch.items;
  const writtenRears = items.flatMap((item) => (written(item, 'rear_ports') ?? []).map((m) => m.peer));
  const rears = await rowsById(batch.tx, tableOf(batch, REAR), writtenRears, `t.name, ${componentDisplaySql('t')} AS display, t.device_id, t.positions`);
  const stored = await storedMappings(batch, FRONT, MAPPINGS, ids(items.map((i) => i.id)), ids(writtenRears));
  const claimed = new Set<string>();
  for (const item of items) {
    const list = written(item, 'rear_ports');
    const count = stored.filter((m) => m.front === item.id).length;
    if (!item.creating && Number(item.value('positions')) < count) {
      item.error('positions', MAPPED_FRONT(count));
      continue;
    }
    for (const m of byPosition(list ?? [])) {
      const rear = rears.get(m.peer);
      if (!rear) continue;
      const key = `${m.peer}:${m.peerPosition}`;
      if (Number(rear.device_id) !== Number(item.value('device_id'))) item.error('rear_ports', OTHER_DEVICE(String(rear.display)));
      else if (m.peerPosition > Number(rear.positions)) item.error('rear_ports', BAD_POSITION(m.peerPosition, String(rear.name), Number(rear.positions)));
      else if (claimed.has(key) || stored.some((s) => s.front !== item.id && s.peer === m.peer && s.peer_position === m.peerPosition)) item.error('rear_ports', 'The fields rear_port, rear_port_position must make a unique set.');
      else {
        claimed.add(key);
        continue;
      }
      break;
    }
  }
}

export const frontPortRules: ModelRules = {
  clean: cleanFrontPorts,
  async beforeSave(batch) {
    fillNaturalNames(batch);
    for (const item of batch.items) {
      const list = written(item, 'rear_ports');
      if (list) item.columns._mappings = byPosition(list).map((m) => ({ position: m.position, peer: m.peer, peer_position: m.peerPosition }));
    }
  },
};

// --- rear ports ------------------------------------------------------------------------------

async function cleanRearPorts(batch: WriteBatch): Promise<void> {
  cleanCabled(batch);
  const items = batch.items;
  const writtenFronts = items.flatMap((item) => (written(item, 'front_ports') ?? []).map((m) => m.peer));
  const fronts = await rowsById(batch.tx, tableOf(batch, FRONT), writtenFronts, 't.device_id');
  const stored = await storedMappings(batch, FRONT, MAPPINGS, ids(writtenFronts), ids(items.map((i) => i.id)));
  const claimed = new Set<string>();
  for (const item of items) {
    const name = String(item.value('name') ?? '');
    const label = String(item.value('label') ?? '');
    const count = stored.filter((m) => m.peer === item.id).length;
    const positions = Number(item.value('positions'));
    if (!item.creating && positions < count) {
      item.error('positions', MAPPED_REAR(count));
      continue;
    }
    // Keyed by the rear port position, as NetBox reconciles a rear port's mappings.
    for (const m of byPosition(written(item, 'front_ports') ?? [])) {
      const front = fronts.get(m.peer);
      if (!front) continue;
      const key = `${m.peer}:${m.peerPosition}`;
      if (Number(front.device_id) !== Number(item.value('device_id'))) item.error('front_ports', OTHER_DEVICE(label ? `${name} (${label})` : name));
      else if (m.position > positions) item.error('front_ports', BAD_POSITION(m.position, name, positions));
      else if (claimed.has(key) || stored.some((s) => s.front === m.peer && s.position === m.peerPosition && s.peer !== item.id)) item.error('front_ports', 'The fields front_port, front_port_position must make a unique set.');
      else {
        claimed.add(key);
        continue;
      }
      break;
    }
  }
}

/** Sets the mappings of the written rear ports on their front ports: the old ones dropped, the written ones placed. */
async function saveRearMappings(batch: WriteBatch): Promise<void> {
  const changed = batch.items.filter((item) => written(item, 'front_ports') !== undefined);
  if (!changed.length) return;
  const rears = changed.map((item) => item.id!);
  const entries = changed.flatMap((item) => byPosition(written(item, 'front_ports')!).map((m) => ({ front: m.peer, position: m.peerPosition, peer: item.id!, peer_position: m.position })));
  await saveFromRear(batch, FRONT, MAPPINGS, rears, entries);
}

export const rearPortRules: ModelRules = {
  clean: cleanRearPorts,
  async beforeSave(batch) {
    fillNaturalNames(batch);
  },
  afterSave: saveRearMappings,
  async afterDelete(plan, tx, _ctx, registry) {
    const rears = plan.deletes.filter((d) => d.resource.key === REAR).flatMap((d) => d.ids);
    if (!rears.length) return;
    await dropRears(tx, sqlIdentifier(registry.resource(FRONT).table), MAPPINGS, rears);
  },
};
