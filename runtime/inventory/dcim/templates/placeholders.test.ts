/**
 * @module
 * The placeholders of template names: `{module}` by bay positions, `{vc_position}` by chassis position.
 */
import { describe, expect, it } from 'vitest';
import { bayPositions, PlaceholderError, resolveModule, resolvePlaceholders } from './placeholders.ts';

describe('placeholders', () => {
  it('gives one {module} the innermost bay’s position, and as many as the tree is deep each level’s', () => {
    expect(resolveModule('et-{module}/0', ['1', '3'])).toBe('et-3/0');
    expect(resolveModule('et-{module}/{module}/0', ['1', '3'])).toBe('et-1/3/0');
    expect(resolveModule('plain', [])).toBe('plain');
  });

  it('refuses a token count that is neither one nor the depth, in NetBox’s words', () => {
    expect(() => resolveModule('{module}/{module}', ['1'])).toThrow(new PlaceholderError('Cannot install module with placeholder values in a module bay tree 1 levels deep but 2 placeholders given.'));
  });

  it('resolves a bay’s own {module} from the bay below it (get_module_bay_positions), outermost first', () => {
    expect(bayPositions(['2', '{module}'])).toEqual(['2', '2']);
    expect(bayPositions(['3', '1'])).toEqual(['1', '3']);
  });

  it('resolves {vc_position} to the chassis position, else its fallback, else 0; {module} stays on a device', () => {
    expect(resolvePlaceholders('et-{vc_position}/{module}', { vcPosition: 2, positions: null })).toBe('et-2/{module}');
    expect(resolvePlaceholders('mgmt{vc_position:9}', { vcPosition: null, positions: null })).toBe('mgmt9');
    expect(resolvePlaceholders('x{vc_position}', { vcPosition: null, positions: ['1'] })).toBe('x0');
    expect(resolvePlaceholders('$&{module}', { vcPosition: null, positions: ['$1'] })).toBe('$&$1');
  });
});
