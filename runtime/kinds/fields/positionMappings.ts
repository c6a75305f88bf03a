/**
 * @module
 * `position_mappings`: positions of this object mapped to positions of objects of `target`, as
 * NetBox 4.6's port mappings are written and shown — a front port's `rear_ports`
 * (`[{"position": 1, "rear_port": 7, "rear_port_position": 2}]`) and a rear port's `front_ports`.
 * The peer's keys are named after the target's model (`RearPort` → `rear_port`,
 * `rear_port_position`), or after `peer:` (a front port template's `rear_port`, its target a rear
 * port template). `stored:` names the hidden json field that keeps the mappings on the side that
 * stores them (`instantiates.link` copies it, peers translated). A named SQL expression selects the list; what is written is checked
 * here (each item a dict with an integer `position`, an existing peer by id, and a peer position
 * defaulting to 1, positions within 1–1024 as NetBox's PORT_POSITION_MIN/MAX) and handed to the
 * model's rules (`item.extras`), which persist it. An item's messages are reported under its
 * index, prefixed with the key (`{"rear_ports": {"0": ["rear_port: Invalid pk \"9\" - object does
 * not exist."]}}`), as `object_list` reports them.
 */
import { z } from 'zod';
import type { Field } from '../../contract/index.ts';
import type { Catalog, FieldKind } from './types.ts';

const MIN = 1;
const MAX = 1024;

/** The peer's key: the definition's `peer` (a template's `rear_port`), else from the target's model (`RearPort` → `rear_port`). */
export const peerKey = (field: Field, catalog: Pick<Catalog, 'resource'>) =>
  field.peer ??
  catalog
    .resource(field.target!)
    .model.replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

/** One written mapping, peer by id. */
export interface PositionMapping {
  position: number;
  peer: number;
  peerPosition: number;
}

const typeName = (value: unknown) =>
  value === null ? 'NoneType' : Array.isArray(value) ? 'list' : typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : typeof value === 'object' ? 'dict' : typeof value;

/** DRF's IntegerField within the position bounds: the number, or its message. */
function position(value: unknown, required: boolean): number | string | undefined {
  if (value === undefined) return required ? 'This field is required.' : undefined;
  if (value === null) return 'This field may not be null.';
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || typeof value === 'boolean') return 'A valid integer is required.';
  if (n < MIN) return `Ensure this value is greater than or equal to ${MIN}.`;
  if (n > MAX) return `Ensure this value is less than or equal to ${MAX}.`;
  return n;
}

/** DRF's PrimaryKeyRelatedField before the lookup: an id, or its message. */
function peerId(value: unknown): number | string {
  if (value === undefined) return 'This field is required.';
  if (value === null) return 'This field may not be null.';
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return `Incorrect type. Expected pk value, received ${typeName(value)}.`;
}

function mappings(field: Field, catalog: Catalog) {
  const peer = peerKey(field, catalog);
  return z.unknown().transform((value, ctx): PositionMapping[] => {
    if (!Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected a list of items but got type "${typeName(value)}".` });
      return z.NEVER;
    }
    return value.map((entry, index) => {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
        ctx.addIssue({ code: 'custom', path: [index], message: `Invalid data. Expected a dictionary, but got ${typeName(entry)}.` });
        return { position: 0, peer: 0, peerPosition: 0 };
      }
      const object = entry as Record<string, unknown>;
      const checked = { position: position(object.position, true), [peer]: peerId(object[peer]), [`${peer}_position`]: position(object[`${peer}_position`], false) ?? 1 };
      for (const [key, result] of Object.entries(checked)) if (typeof result === 'string') ctx.addIssue({ code: 'custom', path: [index], message: `${key}: ${result}` });
      return { position: Number(checked.position), peer: Number(checked[peer]), peerPosition: Number(checked[`${peer}_position`]) };
    });
  });
}

export const positionMappings: FieldKind = {
  name: 'position_mappings',
  keys: ['target', 'peer', 'stored'],
  optionsType: 'list',
  defaultColumn: () => null,
  column: () => null,
  response: (field, ctx) => {
    const peer = peerKey(field, ctx);
    return { type: 'array', items: { type: 'object', properties: { position: { type: 'integer', minimum: MIN, maximum: MAX }, [peer]: { type: 'integer' }, [`${peer}_position`]: { type: 'integer', minimum: MIN, maximum: MAX } } } };
  },
  request: (field, ctx) => {
    const peer = peerKey(field, ctx);
    return {
      type: 'array',
      items: { type: 'object', required: ['position', peer], properties: { position: { type: 'integer', minimum: MIN, maximum: MAX }, [peer]: { type: 'integer' }, [`${peer}_position`]: { type: 'integer', minimum: MIN, maximum: MAX, default: 1 } } },
    };
  },
  validators: (field, catalog) => ({ [field.name]: mappings(field, catalog) }),
  references: (field, _input, value) => ({ target: field.target!, refs: (value as PositionMapping[]).map((m) => m.peer) }),
  stage(field, _input, value, item, ctx) {
    const written = value as PositionMapping[];
    const peer = peerKey(field, ctx);
    written.forEach((m, index) => {
      const resolved = ctx.resolved(field.target!, m.peer);
      const message = `${peer}: Invalid pk "${m.peer}" - object does not exist.`;
      if (!('id' in resolved)) (item.errorItem ? item.errorItem(field.name, index, message) : item.errorDetail(field.name, String(index), message));
    });
    item.extras.set(field.name, written);
  },
  select: (field, resource, alias, ctx) => ctx.expression(field.expression!, resource, alias),
  serialize(field, _resource, row, ctx) {
    const peer = peerKey(field, ctx);
    const list = (row[field.name] as { position: number; peer: number; peer_position: number }[] | null) ?? [];
    return list.map((m) => ({ position: Number(m.position), [peer]: Number(m.peer), [`${peer}_position`]: Number(m.peer_position) }));
  },
  json(field, resource, alias, ctx) {
    const peer = peerKey(field, ctx);
    const e = ctx.alias();
    return `(SELECT coalesce(json_agg(json_build_object('position', (${e}.v ->> 'position')::int, '${peer}', (${e}.v ->> 'peer')::int, '${peer}_position', (${e}.v ->> 'peer_position')::int) ORDER BY ${e}.i), '[]'::json) FROM json_array_elements(coalesce((${ctx.expression(field.expression!, resource, alias)})::json, '[]'::json)) WITH ORDINALITY ${e}(v, i))`;
  },
};
