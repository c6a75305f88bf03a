/**
 * @module
 * A field's default as serializers.md spells it (Python: `None`, `False`, `1.0`, `lambda: ''`,
 * `dict`, `ColorChoices.COLOR_GREY`) turned into the JSON value a client sees, when it is one.
 * Choice constants are found among the set's values or labels (`STATUS_ACTIVE` is `active`,
 * `COLOR_GREY` is the value labelled `Grey`); anything else (`timezone.now`, `ConfigItem(…)`,
 * a module constant) stays an expression the check does not compare.
 */
import type { ChoicePair } from '../types.ts';

export type ResolvedDefault = { resolved: true; value: unknown } | { resolved: false };

const LITERALS: Record<string, unknown> = { None: null, True: true, False: false, "''": '', '""': '', dict: {}, list: [], '[]': [], '{}': {} };

export function resolveDefault(expression: string, choices: Record<string, ChoicePair[]>): ResolvedDefault {
  const text = expression.replace(/^lambda:\s*/, '').trim();
  if (text in LITERALS) return { resolved: true, value: LITERALS[text] };
  if (/^-?\d+(\.\d+)?$/.test(text)) return { resolved: true, value: Number(text) };
  const constant = /^(\w+Choices)\.(\w+)$/.exec(text);
  if (constant) {
    const value = choiceConstant(choices[constant[1]!] ?? [], constant[2]!);
    if (value !== undefined) return { resolved: true, value };
  }
  return { resolved: false };
}

/** The value a ChoiceSet constant names, matched by value or label with or without its prefix (`STATUS_`). */
function choiceConstant(pairs: ChoicePair[], name: string): string | number | undefined {
  const spell = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const names = [name, name.replace(/^[A-Z0-9]+_/, '')];
  for (const candidate of names) {
    const byValue = pairs.filter(([value]) => spell(String(value)) === candidate);
    if (byValue.length === 1) return byValue[0]![0];
    const byLabel = pairs.filter(([, label]) => spell(label) === candidate);
    if (byLabel.length === 1) return byLabel[0]![0];
  }
  return undefined;
}
