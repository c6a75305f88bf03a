/** Profiles' schemas and the data checked against them, in jsonschema's words. */
import { describe, expect, it } from 'vitest';
import { dataError, schemaError } from './jsonSchema.ts';

describe('JSON schemas of config context profiles', () => {
  it('accepts empty and valid schemas, refuses others', () => {
    expect(schemaError(null)).toBeNull();
    expect(schemaError('')).toBeNull();
    expect(schemaError({ type: 'object', properties: { a: { type: 'integer' } } })).toBeNull();
    expect(schemaError([1])).toBe('Invalid JSON schema definition');
    expect(schemaError({ type: 'nonsense' })).toMatch(/^Invalid JSON schema definition: /);
  });

  it("phrases failures as jsonschema's first line", () => {
    const schema = { type: 'object', required: ['ntp'], additionalProperties: false, properties: { ntp: { type: 'string', enum: ['a', 'b'] }, n: { minimum: 3 } } };
    expect(dataError({}, schema)).toBe("Data does not conform to profile schema: 'ntp' is a required property");
    expect(dataError({ ntp: 1 }, schema)).toBe("Data does not conform to profile schema: 1 is not of type 'string'");
    expect(dataError({ ntp: 'c' }, schema)).toBe("Data does not conform to profile schema: 'c' is not one of ['a', 'b']");
    expect(dataError({ ntp: 'a', x: 1 }, schema)).toBe("Data does not conform to profile schema: Additional properties are not allowed ('x' was unexpected)");
    expect(dataError({ ntp: 'a', n: 1 }, schema)).toBe('Data does not conform to profile schema: 1 is less than the minimum of 3');
    expect(dataError({ ntp: 'a' }, schema)).toBeNull();
    expect(dataError({ anything: 1 }, {})).toBeNull();
  });

  it('follows the draft the schema names', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['a'] };
    expect(dataError({}, draft7)).toBe("Data does not conform to profile schema: 'a' is a required property");
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', required: ['a'] };
    expect(dataError({}, draft4)).toBe("Data does not conform to profile schema: 'a' is a required property");
  });
});
