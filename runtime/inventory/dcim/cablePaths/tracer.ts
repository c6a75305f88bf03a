/**
 * @module
 * Traces a cable path from its origins, as NetBox 4.6's CablePath.from_origin() does for cables
 * without a profile: origins (the path endpoints at one end of a link) → link → far ends, then
 * on through a pass-through port's mappings (a front port to its rear port, a rear port to its
 * front ports, by position when more than one), through a circuit (one termination to the
 * other side's), until the far ends are path endpoints (complete), nothing (incomplete) or a
 * fork the positions cannot resolve (split); ports of two devices met at once are refused
 * (UnsupportedCablePath), as NetBox refuses them. Cable profiles (connectors and positions carried
 * by the cable) are stored as values only and not traced: such a cable is traced as one
 * without a profile.
 *
 * The result is the node lists NetBox stores, and its three flags; null when the origins have
 * no link at all (no path). A path that loops (through multi-position ports: the same link crossed
 * from the same ports with the same positions on top, that entry of the position stack not popped
 * in between, so it would go round for ever) stops there as split, where NetBox's would not end;
 * a path crossing a link again with other positions (a patch back through the same trunk) goes on.
 */
import type { Link, PathGraph, PortMapping, Termination } from './graph.ts';
import { CIRCUIT_TERMINATION, FRONT_PORT, nodeKey, REAR_PORT, unique, type PathNode } from './nodes.ts';

/**
 * A path NetBox refuses to trace (its UnsupportedCablePath): the write that would make it is
 * refused with this message (store.ts).
 */
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
  // Each entry numbered when pushed, so that a crossing can tell whether the entry on top then was popped since.
  const positionStack: { id: number; positions: number[] }[] = [];
  let pushed = 0;
  let isComplete = false;
  let isActive = true;
  let isSplit = false;
  let terminations = (await graph.terminations(origins)).filter((t): t is Termination => t !== undefined);
  const crossings = new Map<string, number>();

  while (terminations.length) {
    // Ports met together (a cable's several front or rear ports, a rear port's front ports) are on one device.
    const type0 = terminations[0].node.objectType;
    if ((type0 === FRONT_PORT || type0 === REAR_PORT) && terminations.some((t) => (t.parent ?? null) !== (terminations[0].parent ?? null))) {
      throw new UnsupportedCablePath('All mid-span terminations must have the same parent object');
    }
    const linkNodes = unique(terminations.map(linkOf).filter((n): n is PathNode => n !== null), nodeKey);
    // A rear port fanning out to front ports on different links, with positions that do not say which.
    if (linkNodes.length > 1 && positionStack.length && terminations.length !== positionStack[positionStack.length - 1].positions.length) {
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
    // A loop: the same link crossed from the same ports with the same positions on top, that entry
    // never popped in between — every step since read only what it pushed itself, and would again.
    const top = positionStack[positionStack.length - 1];
    const crossing = `${linkNodes.map(nodeKey).join(',')}>${terminations.map((t) => nodeKey(t.node)).join(',')}@${top ? top.positions.join(',') : ''}`;
    const before = crossings.get(crossing);
    if (before !== undefined && (before === 0 || positionStack.some((entry) => entry.id === before))) {
      isSplit = true;
      break;
    }
    crossings.set(crossing, top ? top.id : 0);
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
        mappings = atPositions(await graph.mappings(side, remote.map((t) => t.node.id)), side, positionStack.pop()!.positions);
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
      if (terminations.some((t) => t.positions > 1)) positionStack.push({ id: ++pushed, positions: mappings.map((m) => (side === 'front' ? m.rearPosition : m.frontPosition)) });
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
