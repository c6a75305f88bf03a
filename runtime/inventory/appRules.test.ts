import { describe, expect, it } from 'vitest';
import type { ModelRules } from '../rest/index.ts';
import { composeRules, mergeRules } from './appRules.ts';

describe('model rules of several concerns', () => {
  it('run each hook of both registrations, in registration order', async () => {
    const calls: string[] = [];
    const rules = (name: string): ModelRules => ({ afterSave: async () => void calls.push(`${name}.afterSave`), clean: async () => void calls.push(`${name}.clean`) });
    const merged = mergeRules({ own: { rules: { 'dcim.interfaces': rules('own') } }, paths: { rules: { 'dcim.interfaces': { afterSave: rules('paths').afterSave } } } });
    const composed = merged.rules['dcim.interfaces'];
    await composed.clean!({} as never);
    await composed.afterSave!({} as never);
    expect(calls).toEqual(['own.clean', 'own.afterSave', 'paths.afterSave']);
  });

  it('refuses two answers to one question', () => {
    const answer: ModelRules = { cyclicParent: () => 'no' };
    expect(composeRules(answer, { cyclicParent: () => 'never' })).toBe('cyclicParent');
    expect(() => mergeRules({ a: { rules: { 'x.y': answer } }, b: { rules: { 'x.y': answer } } })).toThrow('rules "x.y" answer cyclicParent twice (again by b)');
  });
});
