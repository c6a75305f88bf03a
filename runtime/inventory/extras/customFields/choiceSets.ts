/**
 * @module
 * A choice set's choices: its base choices then its extra choices (or all of them in alphabetical
 * order of their labels when `order_alphabetically` is set), as `[value, label]` pairs.
 */
import { baseChoices } from './baseChoices.ts';

export interface ChoiceSetRow {
  base_choices: string | null;
  extra_choices: unknown;
  order_alphabetically?: boolean;
}

/** The extra choices as pairs (a bad stored value gives none rather than failing). */
export function extraChoices(value: unknown): [string, string][] {
  if (!Array.isArray(value)) return [];
  return value.filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2).map(([v, l]) => [String(v), String(l)]);
}

export function choicesOf(set: ChoiceSetRow): [string, string][] {
  const all = [...baseChoices(set.base_choices), ...extraChoices(set.extra_choices)];
  return set.order_alphabetically ? all.sort((a, b) => a[1].localeCompare(b[1])) : all;
}
