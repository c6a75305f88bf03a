/**
 * @module
 * The cabling graph read from the database for one retrace (graph.ts): each kind of data is
 * fetched for every path asking in the same turn (coalescer.ts), so tracing many paths costs a
 * few queries per step, whatever their number. Objects are found by their object type through
 * the registry; the columns read are the ones every cabled table shares (`cable_id`,
 * `cable_end`), a port's `positions` and device, an interface's `wireless_link_id`, a circuit termination's
 * circuit, side, termination and cached provider network, and a front port's stored mappings.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';
import { Coalescer } from './coalescer.ts';
import type { Link, PathGraph, PortMapping, Termination } from './graph.ts';
import { CABLE, CIRCUIT_TERMINATION, FRONT_PORT, nodeKey, parseNode, WIRELESS_LINK, type PathNode } from './nodes.ts';

type Row = Record<string, unknown>;

const PROVIDER_NETWORK = 'circuits.providernetwork';

/** Keys grouped by the object type of their node. */
function byType(keys: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const key of keys) {
    const { objectType, id } = parseNode(key);
    out.set(objectType, [...(out.get(objectType) ?? []), id]);
  }
  return out;
}

export class SqlPathGraph implements PathGraph {
  private readonly terminationLoader = new Coalescer<Termination>((keys) => this.fetchTerminations(keys));
  private readonly linkLoader = new Coalescer<Link>((keys) => this.fetchLinks(keys));
  private readonly mappingLoader = new Coalescer<PortMapping[]>((keys) => this.fetchMappings(keys));
  private readonly circuitLoader = new Coalescer<PathNode[]>((keys) => this.fetchCircuitSides(keys));

  constructor(
    private readonly tx: Queryable,
    private readonly registry: Registry,
  ) {}

  terminations(nodes: readonly PathNode[]) {
    return this.terminationLoader.loadMany(nodes.map(nodeKey));
  }

  links(nodes: readonly PathNode[]) {
    return this.linkLoader.loadMany(nodes.map(nodeKey));
  }

  async mappings(side: 'front' | 'rear', ports: readonly number[]) {
    return (await this.mappingLoader.loadMany(ports.map((id) => `${side}:${id}`))).flatMap((m) => m ?? []);
  }

  async circuitSide(circuit: number, side: 'A' | 'Z') {
    return (await this.circuitLoader.load(`${circuit}:${side}`)) ?? [];
  }

  private table(objectType: string): string | null {
    const resource = this.registry.byObjectType.get(objectType)?.resource;
    return resource ? quote(resource.table) : null;
  }

  private async fetchTerminations(keys: string[]): Promise<Map<string, Termination>> {
    const out = new Map<string, Termination>();
    for (const [objectType, ids] of byType(keys)) {
      const table = this.table(objectType);
      if (!table) continue;
      const fields = this.registry.byObjectType.get(objectType)!.fields;
      const extra = [
        fields.has('wireless_link') ? 'wireless_link_id' : 'NULL AS wireless_link_id',
        fields.has('positions') ? 'positions' : '1 AS positions',
        fields.has('device') ? 'device_id AS parent_id' : 'NULL AS parent_id',
        ...(objectType === CIRCUIT_TERMINATION ? ['circuit_id', 'term_side', 'termination_type', 'termination_id', '_provider_network_id'] : []),
      ];
      const rows = await this.tx.query<Row>(`SELECT id, cable_id, cable_end, ${extra.join(', ')} FROM ${table} WHERE id = ANY($1::int[])`, [ids]);
      for (const row of rows) {
        const node = { objectType, id: Number(row.id) };
        out.set(nodeKey(node), {
          node,
          cable: row.cable_id === null ? null : { id: Number(row.cable_id), end: row.cable_end === 'B' ? 'B' : 'A' },
          wirelessLink: row.wireless_link_id === null ? null : Number(row.wireless_link_id),
          positions: Number(row.positions),
          parent: row.parent_id === null ? null : `dcim.device:${Number(row.parent_id)}`,
          circuit: objectType === CIRCUIT_TERMINATION
            ? {
                id: Number(row.circuit_id),
                side: row.term_side === 'Z' ? 'Z' : 'A',
                termination: row.termination_type && row.termination_id !== null ? { objectType: String(row.termination_type), id: Number(row.termination_id) } : null,
                providerNetwork: row._provider_network_id === null ? null : { objectType: PROVIDER_NETWORK, id: Number(row._provider_network_id) },
              }
            : null,
        });
      }
    }
    return out;
  }

  private async fetchLinks(keys: string[]): Promise<Map<string, Link>> {
    const out = new Map<string, Link>();
    const groups = byType(keys);
    const cables = groups.get(CABLE) ?? [];
    if (cables.length) {
      const terminations = quote(this.registry.resource('dcim.cable-terminations').table);
      const rows = await this.tx.query<Row>(
        `SELECT c.id, c.status, ct.cable_end, ct.termination_type, ct.termination_id
         FROM ${quote(this.registry.resource('dcim.cables').table)} c LEFT JOIN ${terminations} ct ON ct.cable_id = c.id
         WHERE c.id = ANY($1::int[]) ORDER BY c.id, ct.cable_end, ct.connector, ct.id`,
        [cables],
      );
      for (const row of rows) {
        const node = { objectType: CABLE, id: Number(row.id) };
        let link = out.get(nodeKey(node));
        if (!link) out.set(nodeKey(node), (link = { node, connected: row.status === 'connected', ends: { A: [], B: [] } }));
        if (row.termination_type !== null) link.ends[row.cable_end === 'B' ? 'B' : 'A'].push({ objectType: String(row.termination_type), id: Number(row.termination_id) });
      }
    }
    const wireless = groups.get(WIRELESS_LINK) ?? [];
    if (wireless.length) {
      const rows = await this.tx.query<Row>(`SELECT id, status, interface_a_id, interface_b_id FROM ${quote(this.registry.resource('wireless.wireless-links').table)} WHERE id = ANY($1::int[])`, [wireless]);
      for (const row of rows) {
        const node = { objectType: WIRELESS_LINK, id: Number(row.id) };
        const iface = (id: unknown): PathNode[] => [{ objectType: 'dcim.interface', id: Number(id) }];
        out.set(nodeKey(node), { node, connected: row.status === 'connected', ends: { A: iface(row.interface_a_id), B: iface(row.interface_b_id) } });
      }
    }
    return out;
  }

  /** Keys `front:<id>` or `rear:<id>`: each port's mappings, from the front ports' stored `_mappings`. */
  private async fetchMappings(keys: string[]): Promise<Map<string, PortMapping[]>> {
    const ids = (side: string) => keys.filter((k) => k.startsWith(`${side}:`)).map((k) => Number(k.slice(side.length + 1)));
    const [front, rear] = [ids('front'), ids('rear')];
    const rows = await this.tx.query<Row>(
      `SELECT f.id AS front, (m->>'position')::int AS front_position, (m->>'peer')::int AS rear, (m->>'peer_position')::int AS rear_position
       FROM ${this.table(FRONT_PORT)} f, jsonb_array_elements(f._mappings) m
       WHERE f.id = ANY($1::int[]) OR (m->>'peer')::int = ANY($2::int[])
       ORDER BY f.id, (m->>'position')::int`,
      [front, rear],
    );
    const out = new Map<string, PortMapping[]>(keys.map((k) => [k, []]));
    for (const row of rows) {
      const mapping = { front: Number(row.front), frontPosition: Number(row.front_position), rear: Number(row.rear), rearPosition: Number(row.rear_position) };
      out.get(`front:${mapping.front}`)?.push(mapping);
      out.get(`rear:${mapping.rear}`)?.push(mapping);
    }
    return out;
  }

  /** Keys `<circuit>:<side>`: the terminations of that side. */
  private async fetchCircuitSides(keys: string[]): Promise<Map<string, PathNode[]>> {
    const circuits = keys.map((k) => Number(k.split(':')[0]));
    const rows = await this.tx.query<Row>(`SELECT id, circuit_id, term_side FROM ${this.table(CIRCUIT_TERMINATION)} WHERE circuit_id = ANY($1::int[]) ORDER BY id`, [circuits]);
    const out = new Map<string, PathNode[]>(keys.map((k) => [k, []]));
    for (const row of rows) out.get(`${row.circuit_id}:${row.term_side}`)?.push({ objectType: CIRCUIT_TERMINATION, id: Number(row.id) });
    return out;
  }
}

