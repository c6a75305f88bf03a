/**
 * @module
 * Rules of circuit terminations (NetBox's CircuitTermination clean() and save()):
 * - a type without an object is `Please select a <Type>.`, no termination at all `A circuit
 *   termination must attach to a terminating object.` (both under `__all__`; an id without a type
 *   is BaseModel.clean()'s `This field cannot be null.`); a termination marked
 *   connected with a cable attached is refused as every cable end is;
 * - before each write the place of the termination is cached in hidden columns: a provider network
 *   in `_provider_network`, a region, site group, site or location in `_region`, `_site_group`,
 *   `_site` and `_location` as a prefix's scope is (dcim/shared/cachedScope.ts);
 * - after it, the circuit's `termination_a` or `termination_z` names it, and a termination moved to
 *   another circuit or side is no longer named by the old one.
 */
import type { Field } from '../../../contract/index.ts';
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { fillCachedScope } from '../../dcim/index.ts';
import { refuseMarkedWithCable } from '../../dcim/components/componentRules.ts';
import { tableOf } from '../../dcim/shared/rows.ts';

const NO_TERMINATION = 'A circuit termination must attach to a terminating object.';

/** The types a circuit termination may name, as Django's `title()` of their verbose names. */
const TITLES: Readonly<Record<string, string>> = {
  'dcim.region': 'Region',
  'dcim.sitegroup': 'Site Group',
  'dcim.site': 'Site',
  'dcim.location': 'Location',
  'circuits.providernetwork': 'Provider Network',
};

const isSet = (value: unknown) => value !== null && value !== undefined;

/** A type without an id, as CircuitTermination.clean() words it (another type: the engine's answer). */
function halfPair(item: WriteItem, field: Field, missing: 'type' | 'id'): boolean {
  if (field.name !== 'termination') return false;
  // An id without a type: BaseModel.clean()'s `This field cannot be null.`, the engine's answer.
  if (missing === 'type') return false;
  const name = TITLES[String(item.value('termination_type'))];
  if (!name) return false;
  item.error('__all__', `Please select a ${name}.`);
  return true;
}

async function clean(batch: WriteBatch): Promise<void> {
  for (const item of batch.items) {
    if (refuseMarkedWithCable(item)) continue;
    if (!isSet(item.value('termination_type')) && !isSet(item.value('termination_id'))) item.error('__all__', NO_TERMINATION);
  }
}

async function cache(batch: WriteBatch): Promise<void> {
  await fillCachedScope(batch, 'termination');
  const network = batch.registry.resource('circuits.provider-networks').objectType;
  for (const item of batch.items) item.columns._provider_network_id = item.value('termination_type') === network ? Number(item.value('termination_id')) : null;
}

/** The circuits' `termination_a`/`termination_z` follow their terminations (one UPDATE per side and change). */
async function linkCircuits(batch: WriteBatch): Promise<void> {
  const circuits = tableOf(batch, 'circuits.circuits');
  const clear: Record<'A' | 'Z', number[]> = { A: [], Z: [] };
  const set: { side: 'A' | 'Z'; circuit: number; id: number }[] = [];
  for (const item of batch.items) {
    const side = String(item.value('term_side')) as 'A' | 'Z';
    const circuit = Number(item.value('circuit_id'));
    const before = item.existing;
    const moved = before && (Number(before.circuit_id) !== circuit || before.term_side !== side);
    if (before && moved) clear[before.term_side as 'A' | 'Z']?.push(Number(before.circuit_id));
    if (!before || moved) set.push({ side, circuit, id: item.id! });
  }
  for (const side of ['A', 'Z'] as const) {
    const column = `termination_${side.toLowerCase()}_id`;
    if (clear[side].length) await batch.tx.query(`UPDATE ${circuits} SET ${column} = NULL WHERE id = ANY($1::int[])`, [clear[side]]);
    const rows = set.filter((s) => s.side === side);
    if (rows.length) {
      await batch.tx.query(`UPDATE ${circuits} c SET ${column} = v.id FROM unnest($1::int[], $2::int[]) AS v(circuit, id) WHERE c.id = v.circuit`, [rows.map((r) => r.circuit), rows.map((r) => r.id)]);
    }
  }
}

export const circuitTerminationRules: ModelRules = {
  clean,
  beforeSave: cache,
  afterSave: linkCircuits,
  genericHalfPair: halfPair,
};
