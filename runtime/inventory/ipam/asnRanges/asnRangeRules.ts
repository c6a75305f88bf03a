/**
 * @module
 * ASNRange.clean(): `Starting ASN ({start}) must be lower than ending ASN ({end}).` under
 * `__all__` when the end is not above the start.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';

export const asnRangeRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      const [start, end] = [valueOf(batch, item, 'start'), valueOf(batch, item, 'end')];
      if (start === null || end === null) continue;
      if (Number(end) <= Number(start)) item.error('__all__', `Starting ASN (${start}) must be lower than ending ASN (${end}).`);
    }
  },
};
