import { describe, expect, it } from 'vitest';
import type { CustomFieldDef, CustomFieldType } from './definition.ts';
import { customFieldSet } from './definition.ts';
import { mergeCustomFields } from './stage.ts';
import { checkValue } from './values.ts';

const def = (type: CustomFieldType, extra: Partial<CustomFieldDef> = {}): CustomFieldDef => ({
  name: 'f', type, required: false, unique: false, default: null, validationMinimum: null, validationMaximum: null, validationRegex: '',
  choices: null, choiceSetName: null, relatedResource: null, filterLogic: 'loose', searchWeight: 1000, ...extra,
});

describe('checkValue', () => {
  it('accepts each type’s values and normalises them', () => {
    expect(checkValue(def('integer'), 5)).toEqual({ value: 5 });
    expect(checkValue(def('decimal'), '1.25')).toEqual({ value: 1.25 });
    expect(checkValue(def('boolean'), 1)).toEqual({ value: true });
    expect(checkValue(def('object'), { id: 3 })).toEqual({ value: 3 });
    expect(checkValue(def('multiobject'), [1, { id: 2 }, 1])).toEqual({ value: [1, 2] });
    expect(checkValue(def('multiselect', { choices: ['a', 'b'], choiceSetName: 'S' }), ['a', 'a', 'b'])).toEqual({ value: ['a', 'b'] });
    expect(checkValue(def('json'), { any: [1] })).toEqual({ value: { any: [1] } });
    expect(checkValue(def('text'), '')).toEqual({ value: '' });
  });

  it('refuses bad values with NetBox messages', () => {
    expect(checkValue(def('integer'), true)).toEqual({ error: 'Value must be an integer.' });
    expect(checkValue(def('decimal', { validationMaximum: 2 }), 2.5)).toEqual({ error: 'Value must not exceed 2' });
    expect(checkValue(def('text', { validationRegex: '\\d+' }), 'x1')).toEqual({ error: "Value must match regex '\\d+'" });
    expect(checkValue(def('text', { validationRegex: '\\d+' }), '1x')).toEqual({ value: '1x' });
    expect(checkValue(def('select', { choices: ['a'], choiceSetName: 'S' }), 'b')).toEqual({ error: 'Invalid choice (b) for choice set S.' });
    expect(checkValue(def('object'), 1.5)).toEqual({ error: 'Value must be an object ID, not float' });
    expect(checkValue(def('multiobject'), [1, 'x'])).toEqual({ error: 'Found invalid object ID: x' });
    expect(checkValue(def('date'), '2026-02-30')).toEqual({ error: 'Date values must be in ISO 8601 format (YYYY-MM-DD).' });
    expect(checkValue(def('integer', { required: true }), null)).toEqual({ error: 'Required field cannot be empty.' });
  });

  it('matches patterns at the start in linear time: a catastrophic pattern for backtracking engines answers at once', () => {
    const redos = def('text', { validationRegex: '(a+)+$' });
    expect(checkValue(redos, `${'a'.repeat(40)}!`)).toEqual({ error: "Value must match regex '(a+)+$'" });
    expect(checkValue(redos, 'a'.repeat(40))).toEqual({ value: 'a'.repeat(40) });
    // re.match: anchored at the start only, and an alternation is anchored as a whole.
    expect(checkValue(def('url', { validationRegex: 'x|https://' }), 'https://a')).toEqual({ value: 'https://a' });
    expect(checkValue(def('url', { validationRegex: 'x|https://' }), 'see https://a')).toEqual({ error: "Value must match regex 'x|https://'" });
  });

  it('refuses a value of a field whose stored pattern RE2 cannot run, naming the pattern', () => {
    const checked = checkValue(def('text', { validationRegex: '(a)\\1' }), 'aa');
    expect(checked).toEqual({ error: expect.stringMatching(/^Value must match regex '\(a\)\\1', which cannot be checked: .*RE2.*invalid escape sequence/) });
  });

  it('refuses NUL and lone surrogates wherever a string sits in a value, with DRF’s messages', () => {
    const nul = { error: 'Null characters are not allowed.' };
    expect(checkValue(def('text'), 'a\u0000b')).toEqual(nul);
    expect(checkValue(def('longtext'), 'a\u0000')).toEqual(nul);
    expect(checkValue(def('url'), 'https://a\u0000')).toEqual(nul);
    expect(checkValue(def('json'), { a: ['x', { b: 'y\u0000' }] })).toEqual(nul);
    expect(checkValue(def('json'), { 'k\u0000': 1 })).toEqual(nul);
    expect(checkValue(def('select', { choices: ['a'], choiceSetName: 'S' }), 'a\u0000')).toEqual(nul);
    expect(checkValue(def('multiselect', { choices: ['a'], choiceSetName: 'S' }), ['a', 'a\u0000'])).toEqual(nul);
    expect(checkValue(def('text'), 'x\ud800y')).toEqual({ error: 'Surrogate characters are not allowed: U+D800.' });
    expect(checkValue(def('json'), ['\udc01'])).toEqual({ error: 'Surrogate characters are not allowed: U+DC01.' });
    // A pair is one character (an emoji), not a lone surrogate.
    expect(checkValue(def('text'), 'ok \ud83d\ude00')).toEqual({ value: 'ok \ud83d\ude00' });
  });

  it('refuses a bare string for a multiselect field, as NetBox does', () => {
    const multi = def('multiselect', { choices: ['red', 'r', 'e', 'd'], choiceSetName: 'Colours' });
    expect(checkValue(multi, 'red')).toEqual({ error: 'Invalid choice(s) (red) for choice set Colours.' });
    expect(checkValue(multi, 5)).toEqual({ error: 'Invalid choice(s) (5) for choice set Colours.' });
    expect(checkValue(multi, ['red', 'pink'])).toEqual({ error: "Invalid choice(s) (['red', 'pink']) for choice set Colours." });
  });
});

describe('mergeCustomFields', () => {
  const set = customFieldSet('dcim.sites', [def('integer', { name: 'a', default: 1 }), def('text', { name: 'b', required: true })]);

  const ok = (data: Record<string, unknown>) => ({ data, unknown: [], badObjects: [], invalid: null, missing: null });

  it('fills defaults on create and keeps stored values on update', () => {
    expect(mergeCustomFields(set, { b: 'x' }, null)).toEqual(ok({ b: 'x', a: 1 }));
    expect(mergeCustomFields(set, { a: 2 }, { a: 1, b: 'kept' })).toEqual(ok({ a: 2, b: 'kept' }));
    // Stale data of a field no longer defined is dropped.
    expect(mergeCustomFields(set, {}, { a: 1, b: 'kept', gone: 3 })).toEqual(ok({ a: 1, b: 'kept' }));
  });

  it('refuses unknown names as the serializer field does, then the first failure as clean() does', () => {
    expect(mergeCustomFields(set, { a: 'x', z: 1, y: 2 }, null)).toMatchObject({ unknown: ['y', 'z'] });
    expect(mergeCustomFields(set, { a: 'x' }, null).invalid).toBe("Invalid value for custom field 'a': Value must be an integer.");
    expect(mergeCustomFields(set, { a: 2 }, null).missing).toBe("Missing required custom field 'b'.");
    // Sent none, a new object gets every field at its default or null, which clean() checks.
    expect(mergeCustomFields(set, undefined, null).invalid).toBe("Invalid value for custom field 'b': Required field cannot be empty.");
    // An update checks what the object stores too.
    expect(mergeCustomFields(set, { a: 3 }, { a: 1, b: null }).invalid).toBe("Invalid value for custom field 'b': Required field cannot be empty.");
  });
});
