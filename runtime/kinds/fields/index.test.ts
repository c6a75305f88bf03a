/**
 * The field kind registry: every kind by its name, each one complete.
 */
import { describe, expect, it } from 'vitest';
import { fieldKind, fieldKinds } from './index.ts';

describe('field kinds', () => {
  it('are found by name, and an unknown name is an error naming it', () => {
    expect(fieldKind('fk').name).toBe('fk');
    expect(() => fieldKind('nope')).toThrow('unknown field kind "nope"');
  });

  it('each has a column rule, a response schema, a select and a serialiser; writable ones stage what they validate', () => {
    expect(fieldKinds.size).toBe(38);
    for (const [name, kind] of fieldKinds) {
      expect(kind.name, name).toBe(name);
      for (const member of ['defaultColumn', 'column', 'response', 'select', 'serialize'] as const) expect(typeof kind[member], `${name}.${member}`).toBe('function');
      if (kind.validators) expect(typeof kind.stage, `${name}.stage`).toBe('function');
      if (kind.readOnly) expect(kind.validators, `${name} is read-only`).toBeUndefined();
    }
  });
});
