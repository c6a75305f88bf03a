/**
 * The tracer over hand-built graphs: NetBox's from_origin() cases that need no database — a
 * split at a multi-position port reached without a position, circuits ending at a provider
 * network or a site, wireless links, asymmetric ends, ports of two devices refused — and the loop
 * guard, which stops a loop but not a trunk crossed again at other positions.
 */
import { describe, expect, it } from 'vitest';
import type { Link, PathGraph, PortMapping, Termination } from './graph.ts';
import { nodeKey, type PathNode } from './nodes.ts';
import { tracePath, UnsupportedCablePath } from './tracer.ts';

const n = (key: string): PathNode => {
  const [type, id] = key.split('#');
  const objectType = { if: 'dcim.interface', fp: 'dcim.frontport', rp: 'dcim.rearport', ct: 'circuits.circuittermination', c: 'dcim.cable', w: 'wireless.wirelesslink', pn: 'circuits.providernetwork', site: 'dcim.site' }[type]!;
  return { objectType, id: Number(id) };
};

/** A graph of cables `c#i: [A ends] - [B ends]`, port positions, mappings and circuit terminations. */
function graph(spec: { cables?: Record<string, [string[], string[], string?]>; wireless?: Record<string, [string, string]>; positions?: Record<string, number>; mappings?: [string, number, string, number][]; circuits?: Record<string, [number, 'A' | 'Z', string | null, string | null]>; parents?: Record<string, string> }): PathGraph {
  // Terminations by node key; one not named in the spec is a bare object with no link.
  const terms = new Map<string, Termination>();
  const positions = new Map(Object.entries(spec.positions ?? {}).map(([key, p]) => [nodeKey(n(key)), p]));
  const parents = new Map(Object.entries(spec.parents ?? {}).map(([key, p]) => [nodeKey(n(key)), p]));
  const termOf = (node: PathNode) => {
    if (!terms.has(nodeKey(node))) terms.set(nodeKey(node), { node, cable: null, wirelessLink: null, positions: positions.get(nodeKey(node)) ?? 1, circuit: null, parent: parents.get(nodeKey(node)) ?? null });
    return terms.get(nodeKey(node))!;
  };
  const term = (key: string) => termOf(n(key));
  const links = new Map<string, Link>();
  for (const [c, [a, b, status]] of Object.entries(spec.cables ?? {})) {
    for (const [end, keys] of [['A', a], ['B', b]] as const) for (const k of keys) term(k).cable = { id: n(c).id, end };
    links.set(nodeKey(n(c)), { node: n(c), connected: status !== 'planned', ends: { A: a.map(n), B: b.map(n) } });
  }
  for (const [w, [a, b]] of Object.entries(spec.wireless ?? {})) {
    term(a).wirelessLink = n(w).id;
    term(b).wirelessLink = n(w).id;
    links.set(nodeKey(n(w)), { node: n(w), connected: true, ends: { A: [n(a)], B: [n(b)] } });
  }
  for (const [ct, [circuit, side, termination, network]] of Object.entries(spec.circuits ?? {})) {
    term(ct).circuit = { id: circuit, side, termination: termination ? n(termination) : null, providerNetwork: network ? n(network) : null };
  }
  const mappings: PortMapping[] = (spec.mappings ?? []).map(([fp, fpos, rp, rpos]) => ({ front: n(fp).id, frontPosition: fpos, rear: n(rp).id, rearPosition: rpos }));
  return {
    terminations: async (nodes) => nodes.map(termOf),
    links: async (nodes) => nodes.map((node) => links.get(nodeKey(node))),
    mappings: async (side, ports) => mappings.filter((m) => ports.includes(side === 'front' ? m.front : m.rear)),
    circuitSide: async (circuit, side) => [...terms.values()].filter((t) => t.circuit?.id === circuit && t.circuit.side === side).map((t) => t.node),
  };
}

const keys = (path: PathNode[][]) => path.map((step) => step.map((node) => `${node.objectType.split('.')[1]}:${node.id}`));

describe('tracePath', () => {
  it('answers no path for origins without a link', async () => {
    expect(await tracePath(graph({ positions: {} }), [n('if#1')])).toBeNull();
  });

  it('stops split at a multi-position rear port reached without a position', async () => {
    const g = graph({ cables: { 'c#1': [['if#1'], ['rp#1']] }, positions: { 'rp#1': 4 }, mappings: [['fp#1', 1, 'rp#1', 1], ['fp#2', 1, 'rp#1', 2]] });
    const traced = await tracePath(g, [n('if#1')]);
    expect(traced).toMatchObject({ isComplete: false, isSplit: true, isActive: true });
    expect(keys(traced!.path)).toEqual([['interface:1'], ['cable:1'], ['rearport:1']]);
  });

  it('crosses a circuit to a provider network (complete) or to a site (incomplete)', async () => {
    const toNetwork = graph({ cables: { 'c#1': [['if#1'], ['ct#1']] }, circuits: { 'ct#1': [7, 'A', 'site#1', null], 'ct#2': [7, 'Z', 'pn#3', 'pn#3'] } });
    const a = await tracePath(toNetwork, [n('if#1')]);
    expect(a).toMatchObject({ isComplete: true, isSplit: false });
    expect(keys(a!.path)).toEqual([['interface:1'], ['cable:1'], ['circuittermination:1'], ['circuittermination:2'], ['providernetwork:3']]);
    const toSite = graph({ cables: { 'c#1': [['if#1'], ['ct#1']] }, circuits: { 'ct#1': [7, 'A', 'site#1', null], 'ct#2': [7, 'Z', 'site#2', null] } });
    const b = await tracePath(toSite, [n('if#1')]);
    expect(b).toMatchObject({ isComplete: false });
    expect(keys(b!.path).slice(-2)).toEqual([['circuittermination:2'], ['site:2']]);
  });

  it('crosses a circuit on to the far cable, and marks a planned cable inactive', async () => {
    const g = graph({ cables: { 'c#1': [['if#1'], ['ct#1']], 'c#2': [['ct#2'], ['if#2'], 'planned'] }, circuits: { 'ct#1': [7, 'A', null, null], 'ct#2': [7, 'Z', null, null] } });
    const traced = await tracePath(g, [n('if#1')]);
    expect(traced).toMatchObject({ isComplete: true, isActive: false, isSplit: false });
    expect(keys(traced!.path)).toEqual([['interface:1'], ['cable:1'], ['circuittermination:1'], ['circuittermination:2'], ['cable:2'], ['interface:2']]);
  });

  it('follows a wireless link', async () => {
    const traced = await tracePath(graph({ wireless: { 'w#1': ['if#1', 'if#2'] } }), [n('if#2')]);
    expect(traced).toMatchObject({ isComplete: true });
    expect(keys(traced!.path)).toEqual([['interface:2'], ['wirelesslink:1'], ['interface:1']]);
  });

  it('marks origins some of which have no link as split', async () => {
    const traced = await tracePath(graph({ cables: { 'c#1': [['if#1'], ['if#3']] }, positions: {} }), [n('if#1'), n('if#2')]);
    expect(traced).toMatchObject({ isSplit: true });
  });

  it('goes on through a trunk crossed again with other positions (a patch back to the near panel)', async () => {
    // The far panel's first front port is patched back to the near panel's second: the trunk is
    // crossed from rp#1 twice, at positions 1 and 2. NetBox traces on; so does this.
    const g = graph({
      cables: { 'c#1': [['if#1'], ['fp#1']], 'c#2': [['rp#1'], ['rp#2']], 'c#3': [['fp#3'], ['fp#2']], 'c#4': [['fp#4'], ['if#2']] },
      positions: { 'rp#1': 2, 'rp#2': 2 },
      mappings: [['fp#1', 1, 'rp#1', 1], ['fp#2', 1, 'rp#1', 2], ['fp#3', 1, 'rp#2', 1], ['fp#4', 1, 'rp#2', 2]],
    });
    const traced = await tracePath(g, [n('if#1')]);
    expect(traced).toMatchObject({ isComplete: true, isSplit: false });
    expect(keys(traced!.path).flat()).toEqual(['interface:1', 'cable:1', 'frontport:1', 'rearport:1', 'cable:2', 'rearport:2', 'frontport:3', 'cable:3', 'frontport:2', 'rearport:1', 'cable:2', 'rearport:2', 'frontport:4', 'cable:4', 'interface:2']);
  });

  it('stops a loop through multi-position ports instead of tracing it for ever', async () => {
    // rp#1 (2 positions) is cabled to rp#2 (1 position), whose front port is cabled back to rp#1's
    // second front port: each round pushes position 2 and never pops it. NetBox's trace does not end.
    const g = graph({
      cables: { 'c#1': [['if#1'], ['fp#1']], 'c#2': [['rp#1'], ['rp#2']], 'c#3': [['fp#3'], ['fp#2']] },
      positions: { 'rp#1': 2 },
      mappings: [['fp#1', 1, 'rp#1', 1], ['fp#2', 1, 'rp#1', 2], ['fp#3', 1, 'rp#2', 1]],
    });
    const traced = await tracePath(g, [n('if#1')]);
    expect(traced).toMatchObject({ isComplete: false, isSplit: true, isActive: true });
    const round = ['cable:2', 'rearport:2', 'frontport:3', 'cable:3', 'frontport:2', 'rearport:1'];
    expect(keys(traced!.path).flat()).toEqual(['interface:1', 'cable:1', 'frontport:1', 'rearport:1', ...round, ...round]);
  });

  it('refuses ports of two devices met at once, as NetBox (UnsupportedCablePath)', async () => {
    const g = graph({ cables: { 'c#1': [['if#1'], ['fp#1', 'fp#2']] }, mappings: [['fp#1', 1, 'rp#1', 1], ['fp#2', 1, 'rp#2', 1]], parents: { 'rp#1': 'dcim.device:1', 'rp#2': 'dcim.device:2' } });
    await expect(tracePath(g, [n('if#1')])).rejects.toThrow(new UnsupportedCablePath('All mid-span terminations must have the same parent object'));
    const same = graph({ cables: { 'c#1': [['if#1'], ['fp#1', 'fp#2']] }, mappings: [['fp#1', 1, 'rp#1', 1], ['fp#2', 1, 'rp#2', 1]], parents: { 'rp#1': 'dcim.device:1', 'rp#2': 'dcim.device:1' } });
    expect(keys((await tracePath(same, [n('if#1')]))!.path)).toEqual([['interface:1'], ['cable:1'], ['frontport:1', 'frontport:2'], ['rearport:1', 'rearport:2']]);
  });
});
