/**
 * The validation messages of NetBox 4.6.8's extras models (models.md, bases included), each
 * triggered through the API with NetBox's status, key and words: CustomField.clean(),
 * CustomFieldChoiceSet.clean() (and the serializer's check of each color before it; a choice still
 * in use), custom field
 * values of journal entries (CustomFieldsMixin.clean()) and their assigned object
 * (BaseModel.clean()), config templates' Jinja2 environment (RenderTemplateMixin.clean()). Recorded in scripts/facts/rules/extras.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

type Case = [string, 'POST' | 'PATCH', string, Record<string, unknown>, unknown];

describe.each(testDatabases())('extras validation rules on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', `/api/${path}/`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };
  const base: Record<string, () => Record<string, unknown>> = {
    'extras/custom-fields': () => ({ object_types: ['dcim.site'], name: 'bad' }),
    'extras/custom-field-choice-sets': () => ({ name: 'Bad' }),
    'extras/config-templates': () => ({ name: 'Bad', template_code: 'x' }),
    'extras/journal-entries': () => ({ assigned_object_type: 'dcim.site', assigned_object_id: ids.site, comments: 'x' }),
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = await post('dcim/sites', { name: 'Paris', slug: 'paris' });
    for (const body of [
      { name: 'rule_int', type: 'integer', unique: true },
      { name: 'rule_req', type: 'text', required: true, default: 'x' },
    ]) {
      await post('extras/custom-fields', { object_types: ['extras.journalentry'], ...body });
    }
    ids.inUse = await post('extras/custom-field-choice-sets', { name: 'In use', extra_choices: [['a', 'A'], ['b', 'B']] });
    await post('extras/custom-fields', { object_types: ['dcim.site'], name: 'pick', type: 'select', choice_set: ids.inUse });
    await post('dcim/sites', { name: 'Lyon', slug: 'lyon', custom_fields: { pick: 'a' } });
    ids.entry = await post('extras/journal-entries', { ...base['extras/journal-entries']!(), custom_fields: { rule_int: 7, rule_req: 'x' } });
  }, 120_000);
  afterAll(async () => api?.close());

  it.each<Case>([
    ['a pattern on an integer field', 'POST', 'extras/custom-fields', { type: 'integer', validation_regex: '^a' }, { validation_regex: ['Regular expression validation is supported only for text and URL fields'] }],
    ['a schema on a text field', 'POST', 'extras/custom-fields', { type: 'text', validation_schema: { type: 'string' } }, { validation_schema: ['JSON schema validation is supported only for JSON fields'] }],
    ['a unique boolean field', 'POST', 'extras/custom-fields', { type: 'boolean', unique: true }, { unique: ['Uniqueness cannot be enforced for boolean fields'] }],
    ['a minimum on a text field', 'POST', 'extras/custom-fields', { type: 'text', validation_minimum: 1 }, { validation_minimum: ['A minimum value may be set only for numeric fields'] }],
    ['a maximum on a text field', 'POST', 'extras/custom-fields', { type: 'text', validation_maximum: 1 }, { validation_maximum: ['A maximum value may be set only for numeric fields'] }],
    ['a selection without choices', 'POST', 'extras/custom-fields', { type: 'select' }, { choice_set: ['Selection fields must specify a set of choices.'] }],
    ['choices on a text field', 'POST', 'extras/custom-fields', { type: 'text', choice_set: ':choiceSet' }, { choice_set: ['Choices may be set only on selection fields.'] }],
    ['an object field without a type', 'POST', 'extras/custom-fields', { type: 'object' }, { related_object_type: ['Object fields must define an object type.'] }],
    ['a text field with an object type', 'POST', 'extras/custom-fields', { type: 'text', related_object_type: 'dcim.site' }, { type: ['Text fields may not define an object type.'] }],
    ['a filter on a text field', 'POST', 'extras/custom-fields', { type: 'text', related_object_filter: { a: 1 } }, { related_object_filter: ['A related object filter can be defined only for object fields.'] }],
    [
      'a filter that is no dict',
      'POST',
      'extras/custom-fields',
      { type: 'object', related_object_type: 'dcim.site', related_object_filter: [1] },
      { related_object_filter: ['Filter must be defined as a dictionary mapping attributes to values.'] },
    ],
    ['a default of the wrong type', 'POST', 'extras/custom-fields', { type: 'integer', default: 'abc' }, { default: ['Invalid default value "abc": Value must be an integer.'] }],
    ['a choice set without choices', 'POST', 'extras/custom-field-choice-sets', { extra_choices: [] }, { __all__: ['Must define base or extra choices.'] }],
    ['an extra value twice', 'POST', 'extras/custom-field-choice-sets', { extra_choices: [['a', 'A'], ['a', 'B']] }, { __all__: ["Duplicate value 'a' found in extra choices."] }],
    [
      'colors for values that are no choice',
      'POST',
      'extras/custom-field-choice-sets',
      { extra_choices: [['a', 'A']], choice_colors: { c: 'blue', b: 'red' } },
      { choice_colors: ['Color mappings must reference an existing choice value. Invalid value(s): b, c.'] },
    ],
    // The serializer's DictField of ChoiceFields refuses an unknown color before the model's clean().
    ['an unknown color', 'POST', 'extras/custom-field-choice-sets', { extra_choices: [['a', 'A']], choice_colors: { a: 'mauve' } }, { choice_colors: { a: ['"mauve" is not a valid choice.'] } }],
    ['a color mapping that is no dict', 'POST', 'extras/custom-field-choice-sets', { extra_choices: [['a', 'A']], choice_colors: ['red'] }, { choice_colors: ['Expected a dictionary of items but got type "list".'] }],
    [
      'a deprecated Jinja2 parameter',
      'POST',
      'extras/config-templates',
      { environment_params: { trim_blocks: true, finalize: 'x.y' } },
      { environment_params: ['The "finalize" parameter is deprecated and may not be set on new or modified templates.'] },
    ],
    ['a Jinja2 parameter NetBox does not permit', 'POST', 'extras/config-templates', { environment_params: { extensions: ['x'] } }, { environment_params: ['"extensions" is not a permitted Jinja2 environment parameter.'] }],
    [
      'a value a mapped Jinja2 parameter does not have',
      'POST',
      'extras/config-templates',
      { environment_params: { undefined: 'jinja2.Nope' } },
      { environment_params: ['Invalid value "jinja2.Nope" for parameter "undefined". Allowed values are: jinja2.ChainableUndefined, jinja2.DebugUndefined, jinja2.StrictUndefined, jinja2.Undefined'] },
    ],
    ['removing a choice objects still use', 'PATCH', 'extras/custom-field-choice-sets/:inUse', { extra_choices: [['b', 'B']] }, { __all__: ['Cannot remove choice a as there are DCIM | site objects which reference it.'] }],
    ['journal entries: a bad value', 'POST', 'extras/journal-entries', { custom_fields: { rule_int: 'x' } }, { __all__: ["Invalid value for custom field 'rule_int': Value must be an integer."] }],
    ['journal entries: a value another entry holds', 'POST', 'extras/journal-entries', { custom_fields: { rule_int: 7 } }, { __all__: ["Custom field 'rule_int' must have a unique value."] }],
    ['journal entries: a required field left out of the dict', 'POST', 'extras/journal-entries', { custom_fields: { rule_int: 8 } }, { __all__: ["Missing required custom field 'rule_req'."] }],
    [
      'journal entries: an object of a type without journaling',
      'POST',
      'extras/journal-entries',
      { assigned_object_type: 'extras.customfieldchoiceset', assigned_object_id: ':inUse' },
      { __all__: ['Journaling is not supported for this object type (Extras | custom field choice set).'] },
    ],
    ['journal entries: a type and id naming nothing', 'POST', 'extras/journal-entries', { assigned_object_id: 999999 }, { non_field_errors: ['Invalid assigned_object: DCIM | site ID 999999'] }],
    ['journal entries: an id alone naming nothing', 'PATCH', 'extras/journal-entries/:entry', { assigned_object_id: 999999 }, { assigned_object_id: ['Related object not found using the provided value: 999999.'] }],
  ])('%s', async (_name, method, path, body, expected) => {
    ids.choiceSet ??= await post('extras/custom-field-choice-sets', { name: 'Colours', extra_choices: [['red', 'Red']] });
    const ref = (v: unknown) => (typeof v === 'string' && v.startsWith(':') ? ids[v.slice(1)] : v);
    const [app, model, id] = path.split('/');
    const url = `/api/${app}/${model}/${id ? `${ref(id)}/` : ''}`;
    const sent = { ...(method === 'POST' ? base[`${app}/${model}`]!() : {}), ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, ref(v)])) };
    const response = await api.request(method, url, sent);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: expected });
  });

  it('lets an update remove a choice no object uses', async () => {
    const response = await api.request('PATCH', `/api/extras/custom-field-choice-sets/${ids.inUse}/`, { extra_choices: [['a', 'A']] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});
