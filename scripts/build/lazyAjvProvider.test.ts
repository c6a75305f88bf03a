import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from './lazyAjvProvider.ts';

describe('the lazily loaded Ajv validator of the bridge bundle', () => {
  it('validates as the SDK provider does, loading Ajv on first use', () => {
    const check = new AjvJsonSchemaValidator().getValidator<{ n: number }>({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
    expect(check({ n: 1 })).toMatchObject({ valid: true, data: { n: 1 } });
    const bad = check({ n: 'x' });
    expect(bad.valid).toBe(false);
    expect(bad.errorMessage).toMatch(/integer/);
  });
});
