/**
 * jsonSchema.ts against jsonschema 4.26 itself (NetBox 4.6.8's pin): each case's expected text is
 * `str()` of the ValidationError `jsonschema.validate(instance, schema)` raised, null when it
 * raised none — Python's reprs, pformat's wrapping and best_match's choice included.
 */
import { describe, expect, it } from 'vitest';
import { pformat, pyRepr, schemaError } from './jsonSchema.ts';

describe('module type attributes against a profile schema', () => {
  const cases: [unknown, unknown, string | null][] = [
    [{"ports": "x"}, {"properties": {"ports": {"type": "integer", "minimum": 1}}, "required": ["ports"]}, "'x' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['ports']:\n    {'type': 'integer', 'minimum': 1}\n\nOn instance['ports']:\n    'x'"],
    [{}, {"properties": {"ports": {"type": "integer", "minimum": 1}}, "required": ["ports"]}, "'ports' is a required property\n\nFailed validating 'required' in schema:\n    {'properties': {'ports': {'type': 'integer', 'minimum': 1}},\n     'required': ['ports']}\n\nOn instance:\n    {}"],
    [{"ports": 0}, {"properties": {"ports": {"type": "integer", "minimum": 1}}}, "0 is less than the minimum of 1\n\nFailed validating 'minimum' in schema['properties']['ports']:\n    {'type': 'integer', 'minimum': 1}\n\nOn instance['ports']:\n    0"],
    [{"ports": 4}, {"properties": {"ports": {"type": "integer", "minimum": 1}}}, null],
    [null, {"type": "object"}, "None is not of type 'object'\n\nFailed validating 'type' in schema:\n    {'type': 'object'}\n\nOn instance:\n    None"],
    [{"a": 1, "b": "x"}, {"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}, "'x' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['b']:\n    {'type': 'integer'}\n\nOn instance['b']:\n    'x'"],
    [{"speed": "fast", "cores": 2.5}, {"properties": {"speed": {"type": "number", "title": "Speed", "description": "Clock speed in GHz"}, "cores": {"type": "integer", "description": "Number of cores present"}}, "required": ["architecture"]}, "'architecture' is a required property\n\nFailed validating 'required' in schema:\n    {'properties': {'speed': {'type': 'number',\n                              'title': 'Speed',\n                              'description': 'Clock speed in GHz'},\n                    'cores': {'type': 'integer',\n                              'description': 'Number of cores present'}},\n     'required': ['architecture']}\n\nOn instance:\n    {'speed': 'fast', 'cores': 2.5}"],
    [{"class": "GDDR9"}, {"properties": {"class": {"type": "string", "enum": ["DDR3", "DDR4", "DDR5", "GDDR5", "GDDR6", "GDDR6X", "HBM2", "HBM3", "LPDDR4", "LPDDR5"]}}}, "'GDDR9' is not one of ['DDR3', 'DDR4', 'DDR5', 'GDDR5', 'GDDR6', 'GDDR6X', 'HBM2', 'HBM3', 'LPDDR4', 'LPDDR5']\n\nFailed validating 'enum' in schema['properties']['class']:\n    {'type': 'string',\n     'enum': ['DDR3',\n              'DDR4',\n              'DDR5',\n              'GDDR5',\n              'GDDR6',\n              'GDDR6X',\n              'HBM2',\n              'HBM3',\n              'LPDDR4',\n              'LPDDR5']}\n\nOn instance['class']:\n    'GDDR9'"],
    [{"x": 1, "z": 2, "y": 3}, {"properties": {"x": {}}, "additionalProperties": false}, "Additional properties are not allowed ('y', 'z' were unexpected)\n\nFailed validating 'additionalProperties' in schema:\n    {'properties': {'x': {}}, 'additionalProperties': False}\n\nOn instance:\n    {'x': 1, 'z': 2, 'y': 3}"],
    [{"name": "it's"}, {"properties": {"name": {"type": "string", "maxLength": 3}}}, "\"it's\" is too long\n\nFailed validating 'maxLength' in schema['properties']['name']:\n    {'type': 'string', 'maxLength': 3}\n\nOn instance['name']:\n    \"it's\""],
    [{"name": ""}, {"properties": {"name": {"type": "string", "minLength": 1}}}, "'' should be non-empty\n\nFailed validating 'minLength' in schema['properties']['name']:\n    {'type': 'string', 'minLength': 1}\n\nOn instance['name']:\n    ''"],
    [{"tags": ["a", "a"]}, {"properties": {"tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}, "['a', 'a'] has non-unique elements\n\nFailed validating 'uniqueItems' in schema['properties']['tags']:\n    {'type': 'array', 'items': {'type': 'string'}, 'uniqueItems': True}\n\nOn instance['tags']:\n    ['a', 'a']"],
    [{"tags": ["a", 3]}, {"properties": {"tags": {"type": "array", "items": {"type": "string"}}}}, "3 is not of type 'string'\n\nFailed validating 'type' in schema['properties']['tags']['items']:\n    {'type': 'string'}\n\nOn instance['tags'][1]:\n    3"],
    [{"sn": "abc"}, {"properties": {"sn": {"type": "string", "pattern": "^[0-9]+$"}}}, "'abc' does not match '^[0-9]+$'\n\nFailed validating 'pattern' in schema['properties']['sn']:\n    {'type': 'string', 'pattern': '^[0-9]+$'}\n\nOn instance['sn']:\n    'abc'"],
    [{"w": 7}, {"properties": {"w": {"type": "integer", "multipleOf": 5}}}, "7 is not a multiple of 5\n\nFailed validating 'multipleOf' in schema['properties']['w']:\n    {'type': 'integer', 'multipleOf': 5}\n\nOn instance['w']:\n    7"],
    [{"w": 0.35}, {"properties": {"w": {"type": "number", "multipleOf": 0.1, "maximum": 0.3}}}, "0.35 is not a multiple of 0.1\n\nFailed validating 'multipleOf' in schema['properties']['w']:\n    {'type': 'number', 'multipleOf': 0.1, 'maximum': 0.3}\n\nOn instance['w']:\n    0.35"],
    [{"v": true}, {"properties": {"v": {"type": ["string", "null"]}}}, "True is not of type 'string', 'null'\n\nFailed validating 'type' in schema['properties']['v']:\n    {'type': ['string', 'null']}\n\nOn instance['v']:\n    True"],
    [{"d": 1e-05}, {"properties": {"d": {"type": "string"}}}, "1e-05 is not of type 'string'\n\nFailed validating 'type' in schema['properties']['d']:\n    {'type': 'string'}\n\nOn instance['d']:\n    1e-05"],
    [{"description": "A very long description that certainly does not fit on a single line of seventy-two characters"}, {"properties": {"description": {"type": "integer"}}}, "'A very long description that certainly does not fit on a single line of seventy-two characters' is not of type 'integer'\n\nFailed validating 'type' in schema['properties']['description']:\n    {'type': 'integer'}\n\nOn instance['description']:\n    ('A very long description that certainly does not fit on a single line '\n     'of seventy-two characters')"],
    [{"a": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}, {"properties": {"a": {"maxLength": 5}}}, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is too long\n\nFailed validating 'maxLength' in schema['properties']['a']:\n    {'maxLength': 5}\n\nOn instance['a']:\n    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"],
  ];

  it('fails where jsonschema fails, with its words', () => {
    for (const [instance, schema, expected] of cases) expect(schemaError(instance, schema), JSON.stringify([instance, schema])).toBe(expected);
  });

  it('writes values as Python does', () => {
    expect(pyRepr({ a: [true, false, null], 'b\'c': 'd"e', f: 1.5, g: 1e-7, h: 12 })).toBe(`{'a': [True, False, None], "b'c": 'd"e', 'f': 1.5, 'g': 1e-07, 'h': 12}`);
    expect(pformat({ key: 'x'.repeat(40), other: ['y'.repeat(30), 'z'.repeat(30)] })).toBe(
      "{'key': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n 'other': ['yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy',\n           'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz']}",
    );
  });
});
