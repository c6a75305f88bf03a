/** A data file's text as a config context's data or a profile's schema (JSON or YAML). */
import { describe, expect, it } from 'vitest';
import { configContextDataFromFile, dataFileColumns, profileSchemaFromFile } from './dataFile.ts';

describe('data files of config contexts and profiles', () => {
  it('reads JSON and YAML objects as a context data', () => {
    expect(configContextDataFromFile('{"ntp": {"servers": ["a"]}}')).toEqual({ columns: { data: { ntp: { servers: ['a'] } } } });
    expect(configContextDataFromFile('ntp:\n  servers: [a, b]\n')).toEqual({ columns: { data: { ntp: { servers: ['a', 'b'] } } } });
  });

  it('refuses a file that is no object, or no JSON or YAML', () => {
    const objectForm = { error: { field: 'data', message: 'JSON data must be in object form. Example: {"foo": 123}' } };
    expect(configContextDataFromFile('[1, 2]')).toEqual(objectForm);
    expect(configContextDataFromFile('')).toEqual(objectForm);
    expect(configContextDataFromFile('just text')).toEqual(objectForm);
    const broken = configContextDataFromFile('a: [1, 2\nb: {');
    expect(broken).toMatchObject({ error: { field: 'data', message: expect.stringMatching(/^Unable to parse the data file as JSON or YAML: /) } });
  });

  it("reads a profile's schema, and names each model's function", () => {
    expect(profileSchemaFromFile('type: object\nrequired: [ntp]\n')).toEqual({ columns: { schema: { type: 'object', required: ['ntp'] } } });
    expect(Object.keys(dataFileColumns).sort()).toEqual(['extras.config-context-profiles', 'extras.config-contexts']);
  });
});
