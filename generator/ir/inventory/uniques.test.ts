/**
 * @module
 * Unique constraints and their messages: DRF's lower-case single-field message under the field,
 * Django's capitalised multi-field message under `__all__`, and custom messages with
 * `{verbose_name}` substituted.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../validate/definitionSchema.ts';
import { buildField } from './fields.ts';
import { buildUniques } from './uniques.ts';

const defs: [string, FieldDefinition][] = [
  ['name', { type: 'string', unique: true }],
  ['slug', { type: 'slug', unique: true }],
  ['parent', { type: 'fk', target: 'self' }],
  ['asn', { type: 'integer', unique: true, label: 'ASN' }],
  ['allowed_ips', { type: 'string_list', unique: true, label: 'Allowed IPs' }],
  ['email', { type: 'email', unique: true, label: 'Email address' }],
  ['physical_address', { type: 'string' }],
];
const built = defs.map(([name, def]) => buildField(name, def, 'dcim_site', 'Site'));

describe('buildUniques', () => {
  it('gives each `unique: true` field DRF\'s message under that field', () => {
    const uniques = buildUniques(defs.slice(0, 2), built, [], 'site');
    expect(uniques).toEqual([
      { fields: ['name'], whereNull: [], caseInsensitive: false, message: 'site with this name already exists.', errorField: 'name' },
      { fields: ['slug'], whereNull: [], caseInsensitive: false, message: 'site with this slug already exists.', errorField: 'slug' },
    ]);
  });

  it('keeps acronyms of labels and lowers only a capitalised first word', () => {
    const messages = buildUniques(defs.slice(3, 6), built, [], 'ASN').map((u) => u.message);
    expect(messages).toEqual(['ASN with this ASN already exists.', 'ASN with this allowed IPs already exists.', 'ASN with this email address already exists.']);
  });

  it('forms Django\'s multi-field message from the capitalised labels, under __all__', () => {
    const [u] = buildUniques([], built, [{ fields: ['parent', 'name'] }], 'region');
    expect(u).toEqual({ fields: ['parent', 'name'], whereNull: [], caseInsensitive: false, message: 'Region with this Parent and Name already exists.', errorField: '__all__' });
    const [three] = buildUniques([], built, [{ fields: ['parent', 'physical_address', 'asn'] }], 'site group');
    // Django's get_text_list: commas, then "and" before the last.
    expect(three.message).toBe('Site group with this Parent, Physical address and ASN already exists.');
  });

  it('substitutes {verbose_name} in a custom message and carries where_null and case_insensitive', () => {
    const [u] = buildUniques([], built, [{ fields: ['name'], where_null: ['parent'], case_insensitive: true, message: 'A top-level {verbose_name} with this name already exists.' }], 'site group');
    expect(u).toEqual({ fields: ['name'], whereNull: ['parent'], caseInsensitive: true, message: 'A top-level site group with this name already exists.', errorField: '__all__' });
  });

  it('lists single-field uniques before the constraints', () => {
    const uniques = buildUniques(defs.slice(0, 1), built, [{ fields: ['parent', 'slug'] }], 'site');
    expect(uniques.map((u) => u.errorField)).toEqual(['name', '__all__']);
  });
});
