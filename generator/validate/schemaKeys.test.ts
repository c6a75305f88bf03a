/**
 * @module
 * The allowed keys read from the definition schemas: through records, optional and nullable
 * wrappers, arrays and unions, and none where the path leads to no mapping.
 */
import { describe, expect, it } from 'vitest';
import { appFileSchema, routeGroupFileSchema } from './definitionSchema.ts';
import { keysAt } from './schemaKeys.ts';

describe('keysAt', () => {
  it('finds the keys of a mapping under records and optional, nullable entries', () => {
    expect(keysAt(appFileSchema, [])).toEqual(['app', 'resources']);
    expect(keysAt(appFileSchema, ['resources', 'shelves'])).toContain('model');
    expect(keysAt(appFileSchema, ['resources', 'shelves', 'fields', 'name'])).toEqual(expect.arrayContaining(['type', 'max_length', 'target']));
  });

  it('finds the keys of a mapping inside a list and inside a union', () => {
    expect(keysAt(appFileSchema, ['resources', 'shelves', 'unique', 0])).toEqual(['case_insensitive', 'fields', 'message', 'where_null']);
    expect(keysAt(appFileSchema, ['resources', 'shelves', 'fields', 'parent', 'targets'])).toEqual(['feature']);
    expect(keysAt(routeGroupFileSchema, ['operations', 2, 'parameters', 0])).toContain('many');
  });

  it('finds no keys where the path leads to no mapping', () => {
    expect(keysAt(appFileSchema, ['app'])).toEqual([]);
    expect(keysAt(appFileSchema, ['nothing', 'here'])).toEqual([]);
  });
});
