/**
 * @module
 * VRF: a blank route distinguisher is stored as null (NetBox's BaseModel turns `''` into None for
 * unique nullable character fields), so that any number of VRFs may have none.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { columnOf } from '../shared/batchValues.ts';

export const vrfRules: ModelRules = {
  async clean(batch) {
    const rd = columnOf(batch, 'rd');
    for (const item of batch.items) if (item.columns[rd] === '') item.columns[rd] = null;
  },
};
