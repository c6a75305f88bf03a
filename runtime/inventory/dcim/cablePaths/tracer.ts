/**
 * @module
 * Traces a cable path from its origins, as NetBox 4.6's CablePath.from_origin() does for cables
 * without a profile: origins (the path endpoints at one end of a link) → link → far ends, then
 * on through a pass-through port's mappings (a front port to its rear port, a rear port to its
 * front ports, by position when more than one), through a circuit (one termination to the
 * other side's), until the far ends are path endpoints (complete), nothing (incomplete) or a
 * fork the positions cannot resolve (split). Cable profiles (connectors and positions carried
 * by the cable) are stored as values only and not traced: such a cable is traced as one
 * without a profile.
 *
 * The result is the node lists NetBox stores, and its three flags; null when the origins have
 * no link at all (no path); UnsupportedCablePath where NetBox's raises it (ports passed through on
 * different devices). A path that would cross the same link from the same side twice (a
 * loop through multi-position ports) stops there as split, where NetBox's would not end.
 */
import type { Link, PathGraph, PortMapping, Termination } from './graph.ts';
import { CIRCUIT_TERMINATION, ENDPOINT_TYPES, FRONT_PORT, nodeKey, REAR_PORT, unique, type PathNode } from './nodes.ts';

/** A topology NetBox refuses to trace (UnsupportedCablePath): the write that makes it is refused with its message. */
export class UnsupportedCablePath extends Error {}

export interface TracedPath {
  path: PathNode[][];
  isActive: boolean;
  isComplete: boolean;
  isSplit: boolean;
}

const linkOf = (t: Termination): PathNode | null => (t.cable ? { objectType: 'dcim.cable', id: t.cable.id } : t.wirelessLink !== null ? { objectType: 'wireless.wirelesslink', id: t.wirelessLink } : null);

/** The other end's nodes of each link, once each, in the links' order. */
function farEnds(links: Link[], near: Termination[]): PathNode[] {
  const nearKeys = new Set(near.map((t) => nodeKey(t.node)));
  const far = links.flatMap((link) => {
    const atA = link.ends.A.some((n) => nearKeys.has(nodeKey(n)));
    return atA ? link.ends.B : link.ends.A;
  });
  return unique(far, nodeKey);
}

/** Mappings whose position on the side the path arrives at is among `positions`. */
function atPositions(mappings: PortMapping[], side: 'front' | 'rear', positions: number[]): PortMapping[] {
  return mappings.filter((m) => positions.includes(side === 'front' ? m.frontPosition : m.rearPosition));
}

export async function tracePath(graph: PathGraph, origins: PathNode[]): Promise<TracedPath | null> {
  if (!origins.length) return null;
  const path: PathNode[][] = [];
  const positionStack: number[][] = [];
  let isComplete = false;
  let isActive = true;
  let isSplit = false;
  let terminations = (await graph.terminations(origins)).filter((t): t is Termination => t !== undefined);
  const crossings = new Set<string>();

  while (terminations.length) {
    // Ports passed through must be of one device (a circuit's terminations excepted).
    const first = terminations[0];
    if (!ENDPOINT_TYPES.has(first.node.objectType) && first.node.objectType !== CIRCUIT_TERMINATION && terminations.some((t) => t.device !== first.device)) {
      throw new UnsupportedCablePath('All mid-span terminations must have the same parent object');
    }
    const linkNodes = unique(terminations.map(linkOf).filter((n): n is PathNode => n !== null), nodeKey);
    // A rear port fanning out to front ports on different links, with positions that do not say which.
    if (linkNodes.length > 1 && positionStack.length && terminations.length !== positionStack[positionStack.length - 1].length) {
      isSplit = true;
      break;
    }
    path.push(terminations.map((t) => t.node));
    if (!linkNodes.length) {
      if (path.length === 1) return null;
      break;
    }
    // Some of the terminations have no link: an asymmetric path.
    if (terminations.some((t) => linkOf(t) === null)) {
      isComplete = false;
      isSplit = true;
    }
    const crossing = `${linkNodes.map(nodeKey).join(',')}>${terminations.map((t) => nodeKey(t.node)).join(',')}`;
    if (crossings.has(crossing)) {
      isSplit = true;
      break;
    }
    crossings.add(crossing);
    const links = (await graph.links(linkNodes)).filter((l): l is Link => l !== undefined);
    path.push(linkNodes);
    if (links.some((l) => !l.connected)) isActive = false;

    const remoteNodes = farEnds(links, terminations);
    if (remoteNodes.some((n) => n.objectType !== remoteNodes[0].objectType)) {
      isComplete = false;
      isSplit = true;
      break;
    }
    path.push(remoteNodes);
    if (!remoteNodes.length) break;
    const remote = (await graph.terminations(remoteNodes)).filter((t): t is Termination => t !== undefined);
    const type = remoteNodes[0].objectType;

    if (type === FRONT_PORT || type === REAR_PORT) {
      const side = type === FRONT_PORT ? 'front' : 'rear';
      let mappings: PortMapping[];
      if (remote[0].positions > 1 && positionStack.length) {
        mappings = atPositions(await graph.mappings(side, remote.map((t) => t.node.id)), side, positionStack.pop()!);
      } else if (remote[0].positions > 1) {
        // A multi-position port reached without a position: which way to go is not known.
        isSplit = true;
        break;
      } else {
        mappings = await graph.mappings(side, remote.map((t) => t.node.id));
      }
      if (!mappings.length) break;
      const next = unique(mappings.map((m): PathNode => (side === 'front' ? { objectType: REAR_PORT, id: m.rear } : { objectType: FRONT_PORT, id: m.front })), nodeKey);
      terminations = (await graph.terminations(next)).filter((t): t is Termination => t !== undefined);
      if (terminations.some((t) => t.positions > 1)) positionStack.push(mappings.map((m) => (side === 'front' ? m.rearPosition : m.frontPosition)));
    } else if (type === CIRCUIT_TERMINATION) {
      const peerNodes = unique((await Promise.all(remote.filter((t) => t.circuit).map((t) => graph.circuitSide(t.circuit!.id, t.circuit!.side === 'A' ? 'Z' : 'A')))).flat(), nodeKey);
      if (!peerNodes.length) break;
      const peers = (await graph.terminations(peerNodes)).filter((t): t is Termination => t !== undefined);
      if (peers.every((p) => p.circuit?.providerNetwork)) {
        path.push(peers.map((p) => p.node), peers.map((p) => p.circuit!.providerNetwork!));
        isComplete = true;
        break;
      }
      if (peers.every((p) => p.circuit?.termination && !p.cable)) {
        path.push(peers.map((p) => p.node), peers.map((p) => p.circuit!.termination!));
        break;
      }
      const crossed = new Set(linkNodes.map(nodeKey));
      if (peers.some((p) => p.cable && crossed.has(`dcim.cable:${p.cable.id}`))) {
        isSplit = true;
        break;
      }
      terminations = peers;
    } else {
      // Path endpoints, all of one type (checked above): the path is complete.
      isComplete = true;
      break;
    }
  }
  return { path, isActive, isComplete, isSplit };
}
