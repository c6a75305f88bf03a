/**
 * @module
 * The choice sets served fields and filters use (definitions/choices.yaml, built from NetBox's
 * choices.json by scripts/buildChoices.ts) against NetBox's: the same values with the same
 * labels in the same order. Values compare as text (YAML may read `19` as a number where Python
 * has the string).
 */
import type { ChoiceSetIR } from '../../../generator/ir/types.ts';
import type { ChoicePair } from '../types.ts';
import { Recorder, type Findings } from './subject.ts';

export const CHOICE_SETS_SCOPE = 'choice-sets';

const pair = (value: string | number, label: string) => `${String(value)}=${label}`;

export function compareChoiceSets(used: ChoiceSetIR[], netbox: Record<string, ChoicePair[]>): Findings {
  const record = new Recorder(CHOICE_SETS_SCOPE);
  for (const set of used) {
    const theirs = netbox[set.name];
    const ours = set.choices.map((c) => pair(c.value, c.label));
    const wanted = theirs?.map(([v, l]) => pair(v, l));
    const same = wanted !== undefined && wanted.join('\n') === ours.join('\n');
    record.check('choice_set', set.name, same, () => (wanted ? describe(wanted, ours) : 'no such set'), () => `${ours.length} choices`);
  }
  return record;
}

/** The first place the lists part, in a line. */
function describe(wanted: string[], ours: string[]): string {
  const at = wanted.findIndex((w, i) => w !== ours[i]);
  const i = at < 0 ? wanted.length : at;
  return `${wanted.length} choices; #${i + 1} is ${wanted[i] ?? 'past the end'} (ours ${ours[i] ?? 'past the end'})`;
}
