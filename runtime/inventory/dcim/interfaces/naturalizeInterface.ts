/**
 * @module
 * NetBox's naturalize_interface() (utilities/ordering.py): the `_name` interfaces are ordered by.
 * Slot, sub-slot, position and sub-position come first (four digits each, 9999 when absent, so
 * `eth1` sorts after `Gi1/0/1`), then the type prefix, then the id, channel and sub-interface
 * number (six digits each, `......` when absent), then the rest, naturalized.
 */
import { naturalize } from '../shared/naturalOrdering.ts';

const INTERFACE_NAME = /^(?<type>[^\d.:]+)?(?:(?<slot>\d+)\/)?(?:(?<subslot>\d+)\/)?(?:(?<position>\d+)\/)?(?:(?<subposition>\d+)\/)?(?<id>\d+)?(?::(?<channel>\d+))?(?:\.(?<vc>\d+))?(?<remainder>.*)$/s;

export function naturalizeInterface(value: string | null | undefined, maxLength = 100): string | null {
  if (value === null || value === undefined) return null;
  const match = INTERFACE_NAME.exec(value);
  if (!match?.groups) return value;
  const g = match.groups;
  let output = '';
  for (const part of [g.slot, g.subslot, g.position, g.subposition]) output += part !== undefined ? part.padStart(4, '0') : '9999';
  if (g.type !== undefined) output += g.type;
  for (const part of [g.id, g.channel, g.vc]) output += part !== undefined ? part.padStart(6, '0') : '......';
  if (g.remainder && output.length < maxLength) output += naturalize(g.remainder, maxLength - output.length);
  return output.slice(0, maxLength);
}
