import { describe, expect, it } from 'vitest';
import type { ChoiceSetIR, FieldIR } from '../../ir/types.ts';
import { columnSpec, onDeleteAction } from './columns.ts';

function field(kind: FieldIR['kind'], overrides: Partial<FieldIR> = {}): FieldIR {
  return {
    name: 'f', kind, column: 'f', required: false, nullable: false, readOnly: false, writeOnly: false, default: null, maxLength: null,
    minValue: null, maxValue: null, digits: null, choiceSet: null, target: null, onDelete: null, link: null, reverseOf: null, generic: null, count: null,
    label: 'F', orderable: true, createOnly: false, labelled: kind === 'choice', ...overrides,
  };
}

const choiceSets: ChoiceSetIR[] = [
  { name: 'Status', choices: [{ value: 'active', label: 'Active' }] },
  { name: 'Version', choices: [{ value: 1, label: 'v1' }, { value: 2, label: 'v2' }] },
];

const notNull = { kind: 'notNull' };

describe('columnSpec', () => {
  it.each([
    ['id', field('id', { column: 'id' }), { builder: 'integer', name: 'id', args: null, modifiers: [{ kind: 'primaryKey' }, { kind: 'identity' }] }],
    ['string', field('string', { maxLength: 100 }), { builder: 'varchar', name: 'f', args: { length: 100 }, modifiers: [notNull] }],
    ['nullable email', field('email', { maxLength: 254, nullable: true }), { builder: 'varchar', name: 'f', args: { length: 254 }, modifiers: [] }],
    ['timezone', field('timezone', { nullable: true }), { builder: 'varchar', name: 'f', args: { length: 63 }, modifiers: [] }],
    ['text', field('text'), { builder: 'text', name: 'f', args: null, modifiers: [notNull] }],
    ['small integer', field('integer', { maxValue: 32767 }), { builder: 'integer', name: 'f', args: null, modifiers: [notNull] }],
    ['integer at the int4 limit', field('integer', { maxValue: 2147483647 }), { builder: 'integer', name: 'f', args: null, modifiers: [notNull] }],
    ['integer past int4', field('integer', { maxValue: 4294967295 }), { builder: 'bigint', name: 'f', args: { mode: 'number' }, modifiers: [notNull] }],
    ['decimal', field('decimal', { digits: [8, 6], nullable: true }), { builder: 'numeric', name: 'f', args: { precision: 8, scale: 6 }, modifiers: [] }],
    ['boolean', field('boolean'), { builder: 'boolean', name: 'f', args: null, modifiers: [notNull] }],
    ['date', field('date', { nullable: true }), { builder: 'date', name: 'f', args: null, modifiers: [] }],
    ['datetime', field('datetime', { nullable: true }), { builder: 'timestamp', name: 'f', args: { precision: 6, withTimezone: true }, modifiers: [] }],
    ['json', field('json', { nullable: true }), { builder: 'jsonb', name: 'f', args: null, modifiers: [] }],
    ['custom fields', field('custom_fields'), { builder: 'jsonb', name: 'f', args: null, modifiers: [notNull, { kind: 'default', sql: `'{}'::jsonb` }] }],
    ['string list', field('string_list'), { builder: 'text', name: 'f', args: null, modifiers: [{ kind: 'array' }, notNull, { kind: 'default', sql: `'{}'` }] }],
    ['string choice', field('choice', { choiceSet: 'Status' }), { builder: 'varchar', name: 'f', args: { length: 50 }, modifiers: [notNull] }],
    ['numeric choice', field('choice', { choiceSet: 'Version' }), { builder: 'integer', name: 'f', args: null, modifiers: [notNull] }],
    ['nullable fk', field('fk', { column: 'site_id', nullable: true, target: 'dcim.sites', onDelete: 'set_null' }), { builder: 'integer', name: 'site_id', args: null, modifiers: [] }],
    ['depth', field('depth', { column: 'tree_depth' }), { builder: 'integer', name: 'tree_depth', args: null, modifiers: [notNull, { kind: 'default', sql: '0' }] }],
  ])('maps %s', (_label, input, expected) => {
    expect(columnSpec(input, choiceSets)).toEqual(expected);
  });

  it('stores nothing for fields without a column', () => {
    expect(columnSpec(field('m2m', { column: null }), choiceSets)).toBeNull();
    expect(columnSpec(field('count', { column: null }), choiceSets)).toBeNull();
  });

  it('explains fields the IR should never produce', () => {
    expect(() => columnSpec(field('decimal'), choiceSets)).toThrow(/decimal field f has no digits/);
    expect(() => columnSpec(field('choice', { choiceSet: 'Nope' }), choiceSets)).toThrow(/unknown choice set Nope/);
    expect(() => columnSpec(field('count'), choiceSets)).toThrow(/cannot have a column/);
  });
});

describe('onDeleteAction', () => {
  it('maps NetBox on_delete to PostgreSQL actions', () => {
    expect(onDeleteAction('cascade')).toBe('cascade');
    expect(onDeleteAction('set_null')).toBe('set null');
    expect(onDeleteAction('protect')).toBe('restrict');
    expect(() => onDeleteAction(null)).toThrow(/needs onDelete/);
  });
});
