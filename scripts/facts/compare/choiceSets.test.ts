/**
 * Choice sets compared value by value and label by label, in order.
 */
import { describe, expect, it } from 'vitest';
import { compareChoiceSets } from './choiceSets.ts';

describe('compareChoiceSets', () => {
  it('compares values and labels in order, and says where they part', () => {
    const found = compareChoiceSets(
      [{ name: 'Same', choices: [{ value: 19, label: '19 inches' }] }, { name: 'Other', choices: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }, { name: 'Gone', choices: [] }],
      { Same: [['19', '19 inches']], Other: [['a', 'A'], ['c', 'C']] },
    );
    expect(found.differences.map((d) => `${d.subject}: ${d.netbox}`)).toEqual(['Other: 2 choices; #2 is c=C (ours b=B)', 'Gone: no such set']);
  });
});
