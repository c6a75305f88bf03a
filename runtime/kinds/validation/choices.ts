/**
 * @module
 * Values from a set: NetBox's ChoiceField (netbox/api/fields.py) and ContentTypeField.
 */
import { fail, field, ok, pythonRepr } from './field.ts';

/** How Python prints a value NetBox's ChoiceField refuses (`True`, `5`, `nope`). */
const shown = (value: unknown) => (value === true ? 'True' : value === false ? 'False' : String(value));

/**
 * NetBox's ChoiceField: `""` is refused unless blank is allowed ("This field may not be blank."),
 * a dict or list is refused outright, "true"/"false" and numeric strings are coerced, and any other
 * value is `<value> is not a valid choice.` — unquoted, unlike DRF's own ChoiceField.
 */
export const choice = (values: readonly (string | number)[], o: { nullable?: boolean; allowBlank?: boolean; blankAs?: '' | null } = {}) =>
  field<string | number | null>(o.nullable ?? false, (value) => {
    if (value === '') return o.allowBlank ? ok(o.blankAs === undefined ? null : o.blankAs) : fail('This field may not be blank.');
    if (typeof value === 'object') return fail('Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.');
    const match = values.find((v) => String(v) === String(value));
    if (match !== undefined) return ok(match);
    const lowered = typeof value === 'string' ? value.toLowerCase() : null;
    const coerced = lowered === 'true' ? true : lowered === 'false' ? false : typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value) ? Number(value) : value;
    return fail(`${shown(coerced)} is not a valid choice.`);
  });

/** Python's `str()` of a value: a string as it is, anything else as its repr (`True`, `{'a': 1}`). */
const pythonStr = (value: unknown) => (typeof value === 'string' ? value : pythonRepr(value));

/**
 * DRF's own ChoiceField, which a ModelSerializer makes for a model field with choices that NetBox's
 * serializer does not declare (definitions' `labelled: false`: a token's version, an FHRP group's
 * protocol, a data source's sync interval): the value is looked up by its `str()`, `""` passes only
 * when blank is allowed, and any other value is `"<value>" is not a valid choice.`, quoted.
 */
export const plainChoice = (values: readonly (string | number)[], o: { nullable?: boolean; allowBlank?: boolean; blankAs?: '' | null } = {}) =>
  field<string | number | null>(o.nullable ?? false, (value) => {
    if (value === '' && o.allowBlank) return ok(o.blankAs === undefined ? null : o.blankAs);
    const match = values.find((v) => String(v) === pythonStr(value));
    return match !== undefined ? ok(match) : fail(`"${pythonStr(value)}" is not a valid choice.`);
  });

/**
 * An object type as NetBox's ContentTypeField takes it: `<app_label>.<model>`, among `allowed`
 * (null: any, which the caller checks later).
 */
export const objectType = (allowed: readonly string[] | null, o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    if (typeof value !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(value)) return fail("Invalid value. Specify a content type as '<app_label>.<model_name>'.");
    return !allowed || allowed.includes(value) ? ok(value) : fail(`Invalid content type: ${value}`);
  });
