/**
 * @module
 * VLANGroup.clean(): every VID range within 1-4094 and no two ranges overlapping (the first
 * failing check is reported, as Django stops at the first ValidationError). That the scope's type
 * and id go together is the engine's check of every generic relation; a scope id of 0 answers
 * VLANGroup.clean()'s own message (scopeMissing.ts).
 */
import type { ModelRules } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';
import { vlanGroupScopeObjectMissing } from '../shared/scopeMissing.ts';

export const VLAN_VID_MIN = 1;
export const VLAN_VID_MAX = 4094;

/** NetBox's messages for a list of inclusive `[lower, upper]` ranges, or null when they are sound. */
export function vidRangesError(ranges: [number, number][]): string | null {
  for (const [lower, upper] of ranges) {
    if (lower < VLAN_VID_MIN) return `Starting VLAN ID in range (${lower}) cannot be less than ${VLAN_VID_MIN}`;
    if (upper > VLAN_VID_MAX) return `Ending VLAN ID in range (${upper}) cannot exceed ${VLAN_VID_MAX}`;
    if (lower > upper) return `Ending VLAN ID in range must be greater than or equal to the starting VLAN ID (${lower}-${upper})`;
  }
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  if (sorted.some(([lower], i) => i > 0 && sorted[i - 1][1] >= lower)) return 'Ranges cannot overlap.';
  return null;
}

/** NetBox's ranges_to_string: `1-100,200`. */
export const rangesText = (ranges: [number, number][]) => ranges.map(([lower, upper]) => (lower === upper ? String(lower) : `${lower}-${upper}`)).join(',');

export const vlanGroupRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      const error = vidRangesError((valueOf(batch, item, 'vid_ranges') ?? []) as [number, number][]);
      if (error) item.error('vid_ranges', error);
    }
  },
  genericObjectMissing: vlanGroupScopeObjectMissing,
};
