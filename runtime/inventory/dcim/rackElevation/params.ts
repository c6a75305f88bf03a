/**
 * @module
 * The query of `GET racks/{id}/elevation/` as NetBox's RackElevationDetailFilterSerializer reads
 * it: each field from its last value; a field left out, or given empty, takes its default; bad
 * values are a 400 of DRF's field messages, every field's at once.
 *
 * | field | default | checks |
 * |---|---|---|
 * | `q` | none | text, trimmed; blank (spaces only) or holding NUL refused |
 * | `face` | `front` | `front` or `rear` |
 * | `render` | `json` | `json` or `svg` |
 * | `unit_width`, `unit_height` | 220, 22 (NetBox's RACK_ELEVATION_DEFAULT_UNIT_*) | integers |
 * | `legend_width`, `margin_width` | 30, 15 | integers |
 * | `exclude` | none | integer (a device id) |
 * | `expand_devices`, `include_images` | true | DRF's booleans |
 *
 * Integers are DRF's IntegerField's (`"5"`, `" 5 "`, `"5.0"`); NetBox takes any size, here they
 * must lie within PostgreSQL's integer range (DRF's own bound messages), so that a drawing's
 * numbers stay exact.
 */
import { badRequest, type FieldErrors } from '../../../rest/index.ts';

export type Face = 'front' | 'rear';

export interface ElevationQuery {
  q: string | null;
  face: Face;
  render: 'json' | 'svg';
  unitWidth: number;
  unitHeight: number;
  legendWidth: number;
  marginWidth: number;
  exclude: number | null;
  expandDevices: boolean;
  includeImages: boolean;
}

/** NetBox's configuration defaults and constants (dcim/constants.py, netbox/config/parameters.py). */
export const DEFAULTS = { unitWidth: 220, unitHeight: 22, legendWidth: 30, marginWidth: 15 } as const;

const INT_MAX = 2147483647;
const TRUE = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const FALSE = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0']);

type Check<T> = { value: T } | { error: string };

function choice<T extends string>(raw: string, choices: readonly T[]): Check<T> {
  return (choices as readonly string[]).includes(raw) ? { value: raw as T } : { error: `"${raw}" is not a valid choice.` };
}

/** DRF's IntegerField: `int()` of the text without a trailing `.0…`. */
function integer(raw: string): Check<number> {
  if (raw.length > 1000) return { error: 'String value too large.' };
  const text = raw.replace(/\.0*\s*$/, '').trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(text)) return { error: 'A valid integer is required.' };
  const n = Number(text.replace(/_/g, ''));
  if (n > INT_MAX) return { error: `Ensure this value is less than or equal to ${INT_MAX}.` };
  if (n < -INT_MAX - 1) return { error: `Ensure this value is greater than or equal to ${-INT_MAX - 1}.` };
  return { value: n };
}

function boolean(raw: string): Check<boolean> {
  return TRUE.has(raw) ? { value: true } : FALSE.has(raw) ? { value: false } : { error: 'Must be a valid boolean.' };
}

/** DRF's CharField: trimmed, not blank, no NUL (its ProhibitNullCharactersValidator). */
function text(raw: string): Check<string> {
  const trimmed = raw.trim();
  if (trimmed.includes('\u0000')) return { error: 'Null characters are not allowed.' };
  return trimmed === '' ? { error: 'This field may not be blank.' } : { value: trimmed };
}

/** Reads the query, or throws NetBox's 400 naming every bad field. */
export function parseElevationQuery(query: URLSearchParams): ElevationQuery {
  const errors: FieldErrors = {};
  // DRF reads a QueryDict's last value; an empty one is as if left out (the field has a default).
  function read<T>(name: string, check: (raw: string) => Check<T>, fallback: T): T {
    const all = query.getAll(name);
    const raw = all[all.length - 1];
    if (raw === undefined || raw === '') return fallback;
    const result = check(raw);
    if ('error' in result) {
      errors[name] = [result.error];
      return fallback;
    }
    return result.value;
  }
  const parsed: ElevationQuery = {
    q: read<string | null>('q', text, null),
    face: read<Face>('face', (raw) => choice(raw, ['front', 'rear'] as const), 'front'),
    render: read('render', (raw) => choice(raw, ['json', 'svg'] as const), 'json'),
    unitWidth: read('unit_width', integer, DEFAULTS.unitWidth),
    unitHeight: read('unit_height', integer, DEFAULTS.unitHeight),
    legendWidth: read('legend_width', integer, DEFAULTS.legendWidth),
    marginWidth: read('margin_width', integer, DEFAULTS.marginWidth),
    exclude: read<number | null>('exclude', integer, null),
    expandDevices: read('expand_devices', boolean, true),
    includeImages: read('include_images', boolean, true),
  };
  if (Object.keys(errors).length) throw badRequest(errors);
  return parsed;
}
