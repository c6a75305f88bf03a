import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_BODY_DEPTH, mediaType, parseJson } from './body.ts';
import { ApiError } from './errors.ts';

describe('jsonDepth', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a": [1, {"b": []}]}')).toBe(4);
    expect(jsonDepth('{"a": "[[[{{{", "b": "\\"[[["}')).toBe(1);
    expect(jsonDepth('["\\\\", [[]]]')).toBe(3);
  });

  it('stops as soon as the limit is passed', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(jsonDepth(deep)).toBe(MAX_BODY_DEPTH + 1);
  });
});

describe('parseJson', () => {
  const caught = (text: string) => {
    try {
      parseJson(text);
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('expected an error');
  };

  it('parses bodies up to the depth limit and refuses deeper ones with a 400', () => {
    const atLimit = `${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`;
    expect(() => parseJson(atLimit)).not.toThrow();
    const error = caught(`[${atLimit}]`);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ detail: `JSON parse error - nesting deeper than ${MAX_BODY_DEPTH} levels is not accepted` });
  });

  it('reports syntax errors as NetBox does', () => {
    const error = caught('{"name": ');
    expect(error.status).toBe(400);
    expect((error.body as { detail: string }).detail).toMatch(/^JSON parse error - /);
  });
});

describe('mediaType', () => {
  it('drops parameters and case', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType('application/json;')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
  });
});
