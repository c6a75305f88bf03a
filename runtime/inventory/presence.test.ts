/**
 * Presence filters: `true` keeps the rows where the condition holds, `false` the others; a
 * definition that forgot `value: boolean` is a programming error, named.
 */
import { describe, expect, it } from 'vitest';
import type { MethodFilterArgs } from '../rest/index.ts';
import { presence } from './presence.ts';

const args = (value: unknown) => ({ value, query: { listed: { key: 'dcim.devices' }, parameter: 'has_oob_ip' } }) as unknown as MethodFilterArgs<boolean>;
const hasOobIp = presence(() => 't.oob_ip_id IS NOT NULL');

describe('presence', () => {
  it('answers the condition for true and its negation for false', () => {
    expect(hasOobIp(args(true))).toBe('t.oob_ip_id IS NOT NULL');
    expect(hasOobIp(args(false))).toBe('NOT (t.oob_ip_id IS NOT NULL)');
  });

  it('refuses a value the method filter kind did not parse as a boolean', () => {
    expect(() => hasOobIp(args('false'))).toThrow('dcim.devices: the filter has_oob_ip needs `value: boolean` in its definition');
  });
});
