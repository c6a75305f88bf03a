/**
 * @module
 * The actions the matrix shows and the letters that name sets of them (rules §1, §1b): view, add,
 * change, delete; then every custom action a model registers (from the generated resource table:
 * definitions' `custom_actions` and operations' `action:`), by name; then every other action some
 * permission holds (freeform), by name. Letters: v, a, c, d; a custom action takes its first
 * letter, else its first two letters, else its first letter and a digit from 2, whichever is free,
 * in that order of the actions.
 */
import type { Resource } from '../../../contract/index.ts';

export const STANDARD_ACTIONS = ['view', 'add', 'change', 'delete'] as const;

/** An action as `actions[]` shows it, plus the object types it applies to. */
export interface ActionInfo {
  name: string;
  label: string;
  custom: boolean;
  freeform: boolean;
  help_text: string;
  /** Object types a registered custom action applies to; null for every type. */
  types: Set<string> | null;
}

const STANDARD: Record<string, [string, string]> = {
  view: ['View', 'Read objects of the type.'],
  add: ['Add', 'Create objects of the type.'],
  change: ['Change', 'Modify objects of the type.'],
  delete: ['Delete', 'Delete objects of the type.'],
};

/** An action name a permission may hold: NetBox stores up to 30 characters; the matrix takes lower-case words. */
export const ACTION_NAME = /^[a-z][a-z0-9_]{0,29}$/;

export class ActionCatalog {
  readonly list: ActionInfo[];
  readonly byName: Map<string, ActionInfo>;
  readonly letters: Map<string, string>;

  /** `resources`: the registry's (their custom actions); `held`: every action some permission holds; `extra`: actions a request names. */
  constructor(resources: readonly Resource[], held: Iterable<string>, extra: Iterable<string> = []) {
    const registered = new Map<string, ActionInfo>();
    for (const resource of resources) {
      for (const action of resource.customActions ?? []) {
        const info = registered.get(action.name) ?? { name: action.name, label: action.label, custom: true, freeform: false, help_text: action.helpText ?? '', types: new Set<string>() };
        info.types!.add(resource.objectType);
        registered.set(action.name, info);
      }
    }
    const standard = STANDARD_ACTIONS.map((name) => ({ name, label: STANDARD[name][0], custom: false, freeform: false, help_text: STANDARD[name][1], types: null }));
    const freeform = [...new Set([...held, ...extra])]
      .filter((name) => !(name in STANDARD) && !registered.has(name))
      .sort()
      .map((name) => ({ name, label: name, custom: true, freeform: true, help_text: 'An action no model registers; a permission may hold it for any object type.', types: null }));
    this.list = [...standard, ...[...registered.values()].sort((a, b) => a.name.localeCompare(b.name)), ...freeform];
    this.byName = new Map(this.list.map((a) => [a.name, a]));
    this.letters = assignLetters(this.list.map((a) => a.name));
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Whether `action` applies to `objectType` (standard and freeform ones apply to every type). */
  applies(action: string, objectType: string): boolean {
    const info = this.byName.get(action);
    if (!info) return ACTION_NAME.test(action);
    return info.types === null || info.types.has(objectType);
  }

  /** The actions that apply to `objectType`, in the catalogue's order. */
  enabledFor(objectType: string): string[] {
    return this.list.filter((a) => a.types === null || a.types.has(objectType)).map((a) => a.name);
  }

  /** The letters of a set of actions: v, a, c, d, then custom actions by name. */
  lettersOf(actions: Iterable<string>): string {
    return sortActions(actions)
      .map((a) => this.letters.get(a) ?? a.charAt(0))
      .join('');
  }

  /** The catalogue's view of the actions, as responses show them. */
  shown(): Omit<ActionInfo, 'types'>[] {
    return this.list.map(({ types: _types, ...shown }) => shown);
  }
}

/** v, a, c, d first, then the others by name. */
export function sortActions(actions: Iterable<string>): string[] {
  const rank = (a: string) => {
    const i = (STANDARD_ACTIONS as readonly string[]).indexOf(a);
    return i < 0 ? STANDARD_ACTIONS.length : i;
  };
  return [...new Set(actions)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Letters for `names` in their order: v, a, c, d for the standard ones, then first letter, first two, first and a digit. */
export function assignLetters(names: readonly string[]): Map<string, string> {
  const letters = new Map<string, string>([['view', 'v'], ['add', 'a'], ['change', 'c'], ['delete', 'd']]);
  const taken = new Set(letters.values());
  // The lowest free digit of each first letter only grows (letters are never given back), so
  // each name resumes where the last one stopped: linear however many names share a letter.
  const nextDigit = new Map<string, number>();
  for (const name of names) {
    if (letters.has(name)) continue;
    const first = name.charAt(0);
    let letter: string | undefined = [first, name.slice(0, 2)].find((c) => !taken.has(c));
    if (letter === undefined) {
      let digit = nextDigit.get(first) ?? 2;
      while (digit < 100 && taken.has(`${first}${digit}`)) digit++;
      nextDigit.set(first, digit);
      // Past 99 a name has no letters of its own; lettersOf falls back to its first letter.
      if (digit < 100) letter = `${first}${digit}`;
    }
    if (letter === undefined) continue;
    letters.set(name, letter);
    taken.add(letter);
  }
  return letters;
}
