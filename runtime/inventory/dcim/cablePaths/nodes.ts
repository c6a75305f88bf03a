/**
 * @module
 * A node of a cable path: one object, written `<object type>:<id>` (`dcim.interface:12`,
 * `dcim.cable:3`), as NetBox's path nodes are `<content type>:<id>`. A stored path is a list of
 * node lists (origins, links, far ends, …) and the same nodes flattened, for the paths through
 * an object (`nodes && ARRAY[…]`, GIN-indexed).
 */

export interface PathNode {
  /** NetBox's `app_label.model`: `dcim.interface`, `circuits.circuittermination`. */
  objectType: string;
  id: number;
}

export const nodeKey = (node: PathNode): string => `${node.objectType}:${node.id}`;

export function parseNode(key: string): PathNode {
  const i = key.lastIndexOf(':');
  return { objectType: key.slice(0, i), id: Number(key.slice(i + 1)) };
}

/** The object types a path names besides its terminations. */
export const CABLE = 'dcim.cable';
export const WIRELESS_LINK = 'wireless.wirelesslink';
export const FRONT_PORT = 'dcim.frontport';
export const REAR_PORT = 'dcim.rearport';
export const CIRCUIT_TERMINATION = 'circuits.circuittermination';

/** The nodes given, once each, in their first order. */
export function unique<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && (seen.add(key(item)), true));
}

/** The path endpoints (NetBox's PathEndpoint subclasses): where a path starts and a complete one ends. */
export const ENDPOINT_RESOURCES = ['dcim.console-ports', 'dcim.console-server-ports', 'dcim.interfaces', 'dcim.power-feeds', 'dcim.power-outlets', 'dcim.power-ports'] as const;

/** What a complete path may end at: a path endpoint, or a provider network beyond a circuit. */
export const DESTINATION_RESOURCES = [...ENDPOINT_RESOURCES, 'circuits.provider-networks'] as const;
