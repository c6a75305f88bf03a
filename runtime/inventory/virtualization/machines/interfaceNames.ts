/**
 * @module
 * NetBox's naturalize_interface(): the hidden `_name` interfaces are ordered by. A name is read as
 * `<type><slot>/<subslot>/<position>/<subposition>/<id>:<channel>.<unit><rest>` (each part
 * optional); slots and positions come first, four digits each (9999 when absent, so they sort
 * last), then the type, then id, channel and unit, six digits each (`......` when absent), then the
 * rest, naturalized. So `eth2` sorts before `eth10`, and `Gi1/0/2` before `Gi1/0/10`.
 */
import { naturalize } from '../../dcim/shared/naturalOrdering.ts';

const INTERFACE_NAME = /^(?<type>[^\d.:]+)?(?:(?<slot>\d+)\/)?(?:(?<subslot>\d+)\/)?(?:(?<position>\d+)\/)?(?:(?<subposition>\d+)\/)?(?<id>\d+)?(?::(?<channel>\d+))?(?:\.(?<vc>\d+))?(?<remainder>.*)$/s;

export function naturalizeInterface(value: string, maxLength = 100): string {
  const match = INTERFACE_NAME.exec(value);
  if (!match) return value;
  const parts = match.groups as Record<string, string | undefined>;
  let output = '';
  for (const part of ['slot', 'subslot', 'position', 'subposition']) output += parts[part]?.padStart(4, '0') ?? '9999';
  output += parts.type ?? '';
  for (const part of ['id', 'channel', 'vc']) output += parts[part]?.padStart(6, '0') ?? '......';
  if (parts.remainder && output.length < maxLength) output += naturalize(parts.remainder, maxLength - output.length);
  return output.slice(0, maxLength);
}
