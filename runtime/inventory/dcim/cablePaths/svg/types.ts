/**
 * @module
 * The data of a cable trace drawing: the path as NetBox's PathEndpoint.trace() gives it (a list of
 * `[near terminations, links, far terminations]`), each object resolved to what CableTraceSVG
 * shows of it. The loader (load.ts) fills it from the tables; the renderer (render.ts) draws it
 * without the database. Strings are stored data as NetBox's `str()` shows it, not escaped: the
 * renderer escapes every one.
 */

import type { PathNode } from '../nodes.ts';

export { nodeKey, type PathNode } from '../nodes.ts';

/** One step of a trace: the near terminations, the links (cables or a wireless link) and the far terminations. */
export type TraceSegment = [near: PathNode[], links: PathNode[], far: PathNode[]];

/** What every drawn object has: its node, its name as NetBox's `str()` gives it, and its page from the root (`/dcim/interfaces/7/`). */
export interface Drawn {
  node: PathNode;
  name: string;
  url: string;
}

/** A device: a box in its role's colour, with its type and where it is mounted. */
export interface DeviceObject extends Drawn {
  kind: 'device';
  /** RRGGBB. */
  roleColor: string;
  manufacturer: string;
  /** The device type's model. */
  model: string;
  site: string;
  location: string | null;
  /** The rack as NetBox's `str()` gives it (`R1 (facility)`). */
  rack: string | null;
  /** The face's label (`Front`), '' without one. */
  face: string;
  /** The lowest unit (`10.0` shows as `U10.0`); null when not mounted. */
  position: number | null;
}

/** A circuit: its id, type (and the type's colour), provider and description. */
export interface CircuitObject extends Drawn {
  kind: 'circuit';
  type: string;
  /** RRGGBB, '' when the type has none. */
  typeColor: string;
  provider: string;
  description: string;
}

/** A provider network, where a circuit ends: its name and provider. */
export interface ProviderNetworkObject extends Drawn {
  kind: 'provider-network';
  provider: string;
}

/** Any other object drawn as a box of its name: a power panel, or a region, site group, site or location a circuit ends at. */
export interface PlainObject extends Drawn {
  kind: 'object';
}

/** What terminations hang from, or what a path ends at (the "attachment"). */
export type ParentObject = DeviceObject | CircuitObject | ProviderNetworkObject | PlainObject;

/** A cable's or wireless link's end: an interface, a console, front, rear or power port, a power feed, a circuit termination. */
export interface Termination extends Drawn {
  kind: 'termination';
  /** RRGGBB of a port's colour, '' when it has none. */
  color: string;
  /** A circuit termination's cross-connect id, '' otherwise. */
  xconnectId: string;
  /** NetBox's `parent_object`: a device, a circuit, a power panel. */
  parent: ParentObject;
}

/** A cable between terminations. */
export interface CableLink extends Drawn {
  kind: 'cable';
  /** The status's label (`Connected`). */
  status: string;
  /** The type's label (`CAT6`), '' without one. */
  type: string;
  description: string;
  /** RRGGBB, '' without one. */
  color: string;
  length: number | null;
  /** The length unit's label (`Meters`), '' without one. */
  lengthUnit: string;
  /** The nodes of its A and B ends. */
  aEnds: PathNode[];
  bEnds: PathNode[];
}

/** A wireless link between two interfaces. */
export interface WirelessLinkObject extends Drawn {
  kind: 'wireless';
  status: string;
  ssid: string;
  description: string;
  distance: number | null;
  /** The distance unit's label (`Kilometers`), '' without one. */
  distanceUnit: string;
  /** Its interface A and interface B. */
  aEnds: PathNode[];
  bEnds: PathNode[];
}

export type Link = CableLink | WirelessLinkObject;

/**
 * One step of the drawing. With links, `far` is the terminations they reach (none: the path
 * stops there, as at a cable whose far end is unterminated); without links, `far` is what the
 * path is attached to (a site, a provider network), drawn under a dashed line; with neither, the
 * path ends at `near` (not connected).
 */
export interface DrawnSegment {
  near: Termination[];
  links: Link[];
  far: (Termination | ParentObject)[];
}

export interface TraceDrawing {
  /** Where the trace starts (not drawn on its own: NetBox draws the trace only); null when unknown. */
  origin: PathNode | null;
  segments: DrawnSegment[];
}
