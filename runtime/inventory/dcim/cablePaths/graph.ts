/**
 * @module
 * What a path tracer reads of the cabling: the graph as the tracer sees it. tracer.ts follows
 * it; sqlGraph.ts reads it from the database (one query per step and kind of data for all the
 * paths traced together); the unit tests hand-build small ones.
 */
import type { PathNode } from './nodes.ts';

/** A cabled object as a path meets it. */
export interface Termination {
  node: PathNode;
  /** The cable attached, and at which of its ends. */
  cable: { id: number; end: 'A' | 'B' } | null;
  /** An interface's wireless link. */
  wirelessLink: number | null;
  /** A front or rear port's positions (1 for anything else). */
  positions: number;
  /** The object holding it (a port's device), as `<object type>:<id>`; null or absent when it has none. */
  parent?: string | null;
  /** A circuit termination's circuit, side and what it terminates to (a site, a provider network…). */
  circuit: { id: number; side: 'A' | 'Z'; termination: PathNode | null; providerNetwork: PathNode | null } | null;
}

/** A link (cable or wireless link) with its two ends. */
export interface Link {
  node: PathNode;
  connected: boolean;
  ends: { A: PathNode[]; B: PathNode[] };
}

/** One front port position mapped to one rear port position (NetBox's PortMapping). */
export interface PortMapping {
  front: number;
  frontPosition: number;
  rear: number;
  rearPosition: number;
}

export interface PathGraph {
  /** The objects (undefined for one that does not exist), in the order asked. */
  terminations(nodes: readonly PathNode[]): Promise<(Termination | undefined)[]>;
  links(nodes: readonly PathNode[]): Promise<(Link | undefined)[]>;
  /** The mappings of these front ports, or of these rear ports, in NetBox's order. */
  mappings(side: 'front' | 'rear', ports: readonly number[]): Promise<PortMapping[]>;
  /** The terminations of a circuit on one side. */
  circuitSide(circuit: number, side: 'A' | 'Z'): Promise<PathNode[]>;
}
