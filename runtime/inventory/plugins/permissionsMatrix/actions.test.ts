/**
 * The actions the matrix shows (rules §1b) and their letters (§1): standard, registered custom,
 * freeform, each group in a fixed order; letters unique among them.
 */
import { describe, expect, it } from 'vitest';
import { ActionCatalog, assignLetters, sortActions } from './actions.ts';
import { RESOURCES } from '../../../testing/permissionsMatrix/fixtures.ts';

describe('ActionCatalog', () => {
  it('lists standard, then registered custom, then freeform actions, each by name', () => {
    const catalog = new ActionCatalog(RESOURCES, ['view', 'zap', 'run', 'sync']);
    expect(catalog.list.map((a) => [a.name, a.custom, a.freeform])).toEqual([
      ['view', false, false], ['add', false, false], ['change', false, false], ['delete', false, false],
      ['render_config', true, false], ['sync', true, false],
      ['run', true, true], ['zap', true, true],
    ]);
    expect(catalog.shown()[4]).toEqual({ name: 'render_config', label: 'Render configuration', custom: true, freeform: false, help_text: '' });
  });

  it('applies registered custom actions to the types that register them only; others to every type', () => {
    const catalog = new ActionCatalog(RESOURCES, ['run']);
    expect(catalog.applies('sync', 'core.datasource')).toBe(true);
    expect(catalog.applies('sync', 'dcim.site')).toBe(false);
    expect(catalog.applies('render_config', 'virtualization.virtualmachine')).toBe(true);
    expect(catalog.applies('run', 'dcim.site')).toBe(true);
    expect(catalog.applies('never_held', 'dcim.site')).toBe(true);
    expect(catalog.enabledFor('dcim.device')).toEqual(['view', 'add', 'change', 'delete', 'render_config', 'run']);
  });

  it('gives letters v a c d, then a first letter, else two, else a digit, and writes a set in v a c d order', () => {
    expect([...assignLetters(['view', 'add', 'change', 'delete', 'render_config', 'sync', 'run', 'reset', 'rx', 'ru'])]).toEqual([
      ['view', 'v'], ['add', 'a'], ['change', 'c'], ['delete', 'd'], ['render_config', 'r'], ['sync', 's'], ['run', 'ru'], ['reset', 're'], ['rx', 'rx'], ['ru', 'r2'],
    ]);
    const catalog = new ActionCatalog(RESOURCES, ['run']);
    expect(catalog.lettersOf(['sync', 'delete', 'view', 'run', 'add'])).toBe('vadrus');
    expect(sortActions(['zap', 'change', 'view', 'apply'])).toEqual(['view', 'change', 'apply', 'zap']);
  });

  it('letters many actions sharing a first letter as trying every candidate in turn would, the 99th digit the last', () => {
    // The rule spelled out: first letter, first two, then the first letter and 2…99; nothing past that.
    const reference = (names: string[]) => {
      const letters = new Map([['view', 'v'], ['add', 'a'], ['change', 'c'], ['delete', 'd']]);
      const taken = new Set(letters.values());
      for (const name of names) {
        if (letters.has(name)) continue;
        const candidates = [name[0], name.slice(0, 2), ...Array.from({ length: 98 }, (_, i) => `${name[0]}${i + 2}`)];
        const letter = candidates.find((c) => !taken.has(c));
        if (letter === undefined) continue;
        letters.set(name, letter);
        taken.add(letter);
      }
      return letters;
    };
    const names = ['view', 'add', 'change', 'delete', 'r5x', 'r', ...Array.from({ length: 150 }, (_, i) => `r${i.toString(36)}z`), 'r7', 's'];
    expect([...assignLetters(names)]).toEqual([...reference(names)]);
    expect(assignLetters(names).get('r4az')).toBeUndefined();
  });
});

